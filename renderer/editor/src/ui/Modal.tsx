import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useSetAtom } from 'jotai';
import { openModalsAtom } from '../state/session';
import { focusScreenHeading } from './screen';

interface ModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

/**
 * An accessible dialog (Radix: focus trap, Escape, labelled by its title). While open it hides the preview,
 * which in Electron is a separate view drawn above the editor and would otherwise cover the dialog.
 */
export function Modal({ open, onOpenChange, title, description, children, wide }: ModalProps) {
  const setOpenModals = useSetAtom(openModalsAtom);
  useEffect(() => {
    if (!open) return;
    setOpenModals((n) => n + 1);
    return () => setOpenModals((n) => n - 1);
  }, [open, setOpenModals]);

  // Our dialogs have no Radix trigger, so Radix would drop focus to the body on close. Remember the opener here:
  // layout effects run before Radix moves focus into the dialog (a passive effect).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);

  const returnFocus = (event: Event): void => {
    event.preventDefault();
    const target = opener.current;
    opener.current = null;
    // Something placed focus on purpose while the dialog closed (a new screen's heading): leave it there.
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) return;
    if (target?.isConnected) target.focus();
    else focusScreenHeading();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className={wide ? 'modal modal-wide' : 'modal'} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="modal-title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description asChild>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
