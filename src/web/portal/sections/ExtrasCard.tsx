import { Group, Stack, Text } from '@mantine/core';
import type { PortalBooking } from '../../../shared/api/portal';
import { poundsText } from '../../../shared/money-text';
import { PortalCard } from '../PortalCard';
import { isPositive } from '../portal-format';

/** Extras and discounts of the booking (a discount reads as money off), and its special requests. */
export function ExtrasCard({
  booking,
}: {
  booking: Pick<PortalBooking, 'extras' | 'discounts' | 'special_request'>;
}) {
  const { extras, discounts, special_request } = booking;
  return (
    <PortalCard title="Extras">
      {extras.length === 0 && discounts.length === 0 && (
        <Text c="dimmed">There are no extras or discounts on this booking.</Text>
      )}
      {extras.map((e) => (
        <Line
          key={`extra-${e.name}`}
          label={e.qty > 1 ? `${e.name} × ${e.qty}` : e.name}
          amount={poundsText(e.total)}
        />
      ))}
      {discounts.map((d) => (
        <Line
          key={`discount-${d.description}`}
          label={d.description}
          amount={poundsText(isPositive(d.amount) ? `-${d.amount}` : d.amount)}
        />
      ))}
      {special_request && (
        <Stack gap={2}>
          <Text fw={600}>Your special requests</Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{special_request}</Text>
        </Stack>
      )}
    </PortalCard>
  );
}

/** A label on the left and an amount on the right (the amount never wraps). */
export function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}
