import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type PortalBooking, portalApi } from '../../../shared/api/portal';
import { poundsText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';

/**
 * Changes to accept (issue #23, spec 1 §4 changes_accepted): shown while the booking's changes wait
 * for the customer — each change as 'field: before → after' with its date, the total before and
 * after, and one 'Accept changes' (POST portal/booking/accept, 'From Manage booking'); then
 * `onAccepted` (the page says thank you and reloads the booking).
 */
export function ChangesCard({
  changes,
  onAccepted,
}: {
  changes: PortalBooking['changes'];
  onAccepted: () => void;
}) {
  const accept = useMutation({
    mutationFn: () => api.call(portalApi.accept),
    onSuccess: onAccepted,
  });
  return (
    <PortalCard title="Changes to accept" tone="attention">
      <Text>We have made changes to your booking. Please check them and accept them.</Text>
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
          {accept.isPending ? 'Accepting...' : 'Accept changes'}
        </Button>
      </Group>
    </PortalCard>
  );
}
