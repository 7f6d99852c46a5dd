import { useEffect, useRef, type ReactNode } from 'react';
import './orders.css';

/** A native modal <dialog> (focus trap, Escape and backdrop for free) styled by the design system's .dialog. */
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
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog order-dialog"
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
