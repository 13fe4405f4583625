import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { formatMoney } from '../../../lib/format';
import { isCancelled } from './booking-view';

function Figure({
  label,
  value,
  tone,
  note,
}: {
  label: string;
  value: string;
  tone?: string;
  note?: string;
}) {
  return (
    <Paper bg="gray.0" p="sm" radius="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={tone} data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {formatMoney(value)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The booking's money at a glance (spec 1 §9, as the server stored it in `totals`): total due, paid
 * and balance — 'Balance outstanding' once cancelled (spec 1 §4) — with the parts of the total.
 */
export function TotalsHeadline({ booking }: { booking: BookingDetail }) {
  const t = booking.totals;
  const cancelled = isCancelled(booking);
  const owing = t.balance !== '0.00' && !t.balance.startsWith('-');
  const parts = [
    `Tours ${formatMoney(t.tours_total)}`,
    t.extras_total !== '0.00' && `Extras ${formatMoney(t.extras_total)}`,
    t.discounts_total !== '0.00' && `Discounts −${formatMoney(t.discounts_total)}`,
    t.commission !== '0.00' && `Agent commission ${formatMoney(t.commission)} + VAT ${formatMoney(t.vat)}`,
  ].filter(Boolean);
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Total due" value={t.total_due} />
        <Figure label="Paid" value={t.paid} />
        <Figure
          label={cancelled ? 'Balance outstanding' : 'Balance'}
          value={t.balance}
          tone={owing ? 'red.7' : 'green.8'}
          note={t.balance.startsWith('-') ? 'More was paid than is owed: to refund' : undefined}
        />
      </SimpleGrid>
      <Group gap="xs" mt={6}>
        <Text size="xs" c="dimmed">
          {parts.join(' · ')}
        </Text>
      </Group>
    </div>
  );
}
