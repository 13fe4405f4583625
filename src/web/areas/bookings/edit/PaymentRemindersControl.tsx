import { Group, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentRemindersApi } from '../../../../shared/api/payment-reminders';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useNoticeMutation } from '../../../ui/notice-mutation';
import { useCan } from '../../../ui/permissions';

/**
 * The booking's payment reminders (issue #26), under its payment schedule: a switch that pauses or
 * resumes them (any staff; history and audit on the server), who paused them and when, and the last
 * reminder sent. The booking's history lists every reminder.
 */
export function PaymentRemindersControl({ bookingId }: { bookingId: number }) {
  const queryClient = useQueryClient();
  const mayPause = useCan('paymentReminders.pause');
  const key = keys.paymentReminders.sub(bookingId, 'booking');
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(paymentRemindersApi.booking, { params: { id: bookingId }, signal }),
  });
  const toggle = useNoticeMutation(
    (paused: boolean) => api.call(paymentRemindersApi.pause, { params: { id: bookingId }, body: { paused } }),
    {
      onSuccess: () => {
        queryClient.invalidateQueries({ queryKey: key });
        queryClient.invalidateQueries({ queryKey: keys.bookings.one(bookingId) });
        queryClient.invalidateQueries({ queryKey: keys.paymentReminders.list('due') });
      },
    },
  );
  const d = query.data;
  if (!d) return null;
  const last = d.sent[0];
  return (
    <Stack gap={2} mt="xs" aria-label="Payment reminders">
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label="Send payment reminders"
          checked={!d.paused}
          disabled={!mayPause || toggle.isPending}
          onChange={(e) => toggle.mutate(!e.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          {d.sent.length === 0 ? 'None sent yet' : `${d.sent.length} sent, last ${formatDate(last.sent_on)}`}
        </Text>
      </Group>
      {d.paused && (
        <Text size="xs" c="orange.9">
          Paused{d.paused_by ? ` by ${d.paused_by}` : ''}
          {d.paused_at ? ` on ${formatDateTime(d.paused_at)}` : ''}
        </Text>
      )}
    </Stack>
  );
}
