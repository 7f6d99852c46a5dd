import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The shop's one modal: a native <dialog> opened with showModal() (focus moves in and is trapped,
 * Escape and the backdrop close it) styled by the design system's .dialog. On close, focus goes
 * back to what had it before (the browser does this for showModal; kept explicit for re-renders).
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
      onClose={onClose}
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
