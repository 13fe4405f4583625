import { Modal as MantineModal, type ModalProps } from '@mantine/core';
import { useRef } from 'react';
import { askToLeave, unsavedWorkWithin } from './unsaved-changes';

/**
 * The kit's dialog: Mantine's Modal (same props) that asks 'Discard your changes?' before Esc, its
 * close button or a click outside closes it while a form inside holds changes not saved (issue #22
 * point 5; `useUnsavedChanges`). 'Keep editing' leaves the dialog as it was. A Cancel button of
 * the dialog's own calls `onClose` directly: choosing it is the answer. Every dialog of the app
 * uses this one (a unit test keeps it so).
 */
export function Modal({ onClose, children, ...props }: ModalProps) {
  const body = useRef<HTMLDivElement>(null);
  const asking = useRef(false);
  const close = () => {
    const work = body.current ? unsavedWorkWithin(body.current) : null;
    if (!work) return onClose();
    if (asking.current) return;
    asking.current = true;
    void askToLeave(work.question).then((leave) => {
      asking.current = false;
      if (leave) onClose();
    });
  };
  return (
    <MantineModal {...props} onClose={close}>
      <div ref={body}>{children}</div>
    </MantineModal>
  );
}
