import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last. showModal()
 * makes the page behind inert, but the browser still lets Tab leave the dialog for its own toolbar
 * (and, headless, for the document), so the wrap is done here.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  if (!items.length) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (!items.includes(active as HTMLElement) || (e.shiftKey && active === first) || (!e.shiftKey && active === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

/**
 * The shop's one modal: a native <dialog> opened with showModal() (focus moves in, Escape and the
 * backdrop close it) styled by the design system's .dialog; Tab stays inside (keepTabInside). On
 * close, focus goes back to what had it before (the browser does this for showModal; kept
 * explicit for re-renders).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  testId,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  footer: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    }
    if (!open && d.open) d.close();
    if (!open && opener.current) {
      const back = opener.current;
      opener.current = null;
      if (back.isConnected) back.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={testId ? `${testId}-title` : undefined}
      data-testid={testId}
      // Only a close the user made (Escape, the browser) is reported: when the parent closed it by
      // props (e.g. the cancel dialog's "Pause instead" opening the pause dialog), the close event
      // arrives after the parent has moved on, and reporting it would shut the dialog just opened.
      // The event is queued: when the dialog was opened again before it arrived (Escape, then Enter
      // on the opener at once), the element is open by then and the stale event is not the user's.
      onClose={() => {
        if (open && !ref.current?.open) onClose();
      }}
      // Escape: closed through the parent's state first (the effect then closes the element), so the
      // page never shows a closed dialog the app still thinks is open — an Enter on the opener right
      // after Escape reopens it instead of being lost. (A second Escape the browser closes itself goes
      // through onClose above.)
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={keepTabInside}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="dialog__header">
        <h2 className="h4" id={testId ? `${testId}-title` : undefined}>
          {title}
        </h2>
      </div>
      <div className="dialog__body stack">{children}</div>
      <div className="dialog__footer">{footer}</div>
    </dialog>
  );
}
