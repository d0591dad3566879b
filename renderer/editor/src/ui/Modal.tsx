import { useEffect, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useSetAtom } from 'jotai';
import { openModalsAtom } from '../state/session';

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

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className={wide ? 'modal modal-wide' : 'modal'} aria-describedby={description ? undefined : undefined}>
          <Dialog.Title className="modal-title">{title}</Dialog.Title>
          {description ? <Dialog.Description asChild>{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
