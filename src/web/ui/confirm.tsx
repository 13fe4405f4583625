import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * Asks the user to confirm (the spec's confirmation texts, word for word). Resolves true on
 * confirm, false on cancel or close.
 */
export function confirmAction(
  message: string,
  {
    title = 'Please confirm',
    confirmLabel = 'Yes',
    cancelLabel = 'Cancel',
    danger = false,
    focusCancel = false,
  }: {
    title?: string;
    confirmLabel?: string;
    cancelLabel?: string;
    danger?: boolean;
    /** Focus the cancel button first (the safe answer), not the dialog's close button. */
    focusCancel?: boolean;
  } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (v: boolean) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: danger ? { color: 'red' } : undefined,
      cancelProps: focusCancel ? { 'data-autofocus': true } : undefined,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

/** Confirmation before a delete: red confirm button labelled 'Delete'. */
export const confirmDelete = (message: string, title = 'Delete') =>
  confirmAction(message, { title, confirmLabel: 'Delete', danger: true });
