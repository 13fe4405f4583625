import { notifications } from '@mantine/notifications';
import type { SentEmailAnswer } from '../../../../shared/api/booking-email';

/**
 * Shows what an email send answered: green when everything went, orange when documents were left
 * out (spec 1 §5 'a warning lists them'; the answer's message names them).
 */
export function notifySent(answer: SentEmailAnswer) {
  const warn = answer.data.left_out.length > 0;
  notifications.show({
    color: warn ? 'orange' : 'green',
    title: warn ? 'Email sent with warnings' : 'Email sent',
    message: answer.message,
    autoClose: warn ? 12_000 : 5_000,
  });
}
