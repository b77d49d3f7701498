import { type ReactNode, useEffect, useRef } from 'react';

interface DialogProps {
  open: boolean;
  /** Called when the browser closes the dialog while `open` is true: Escape, or a `<form method="dialog">` submit. */
  onClose: () => void;
  labelledBy: string;
  role?: 'dialog' | 'alertdialog';
  /** SPEC's modal sizes: `sm` a question or a notice, `md` (the default) a short form, `l` a conversation, `xl` a document */
  size?: 'sm' | 'md' | 'l' | 'xl';
  className?: string;
  children: ReactNode;
}

/** A modal native `<dialog>` driven by `open`: focus trap, Escape and backdrop come from the browser. */
export function Dialog({ open, onClose, labelledBy, role, size, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);

  useEffect(() => {
    openRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      role={role}
      data-size={size}
      className={className}
      onClose={() => {
        if (openRef.current) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
