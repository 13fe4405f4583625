import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { PortalBooking } from '../../../shared/api/portal';
import { poundsText } from '../../../shared/money-text';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';

/**
 * Changes to accept (issue #23, spec 1 §4 changes_accepted): shown while the booking's changes wait
 * for the customer — each change as 'field: before → after' with its date, the total before and
 * after, and one button that calls `accept` (the customer's POST portal/booking/accept, 'From Manage
 * booking'; the agent's POST agent/bookings/{id}/accept on the client's behalf); then `onAccepted`
 * (the page says thank you and reloads the booking). `intro` and `acceptLabel` word it for the reader.
 */
export function ChangesCard({
  changes,
  accept: acceptCall,
  onAccepted,
  intro = 'We have made changes to your booking. Please check them and accept them.',
  acceptLabel = 'Accept changes',
}: {
  changes: PortalBooking['changes'];
  accept: () => Promise<unknown>;
  onAccepted: () => void;
  intro?: string;
  acceptLabel?: string;
}) {
  const accept = useMutation({ mutationFn: acceptCall, onSuccess: onAccepted });
  return (
    <PortalCard title="Changes to accept" tone="attention">
      <Text>{intro}</Text>
      {changes.items.length > 0 && (
        <List spacing="xs" listStyleType="none" pl={0}>
          {changes.items.map((item, i) => (
            // The list is the server's, oldest first; an item has no id of its own.
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
            <List.Item key={i}>
              <Stack gap={0}>
                <Text>
                  <Text span fw={600}>
                    {item.field}:
                  </Text>{' '}
                  {item.before || 'none'} → {item.after || 'none'}
                </Text>
                <Text size="sm" c="dimmed">
                  Changed on {formatDate(item.at)}
                </Text>
              </Stack>
            </List.Item>
          ))}
        </List>
      )}
      <Text>
        <Text span fw={600}>
          Total price:
        </Text>{' '}
        {changes.total_before !== null && changes.total_before !== changes.total_after
          ? `${poundsText(changes.total_before)} → ${poundsText(changes.total_after)}`
          : poundsText(changes.total_after)}
      </Text>
      {accept.isError && (
        <Alert color="red" variant="light" role="alert">
          {accept.error.message}
        </Alert>
      )}
      <Group>
        <Button size="md" color="teal" onClick={() => accept.mutate()} disabled={accept.isPending}>
          {accept.isPending ? 'Accepting...' : acceptLabel}
        </Button>
      </Group>
    </PortalCard>
  );
}
