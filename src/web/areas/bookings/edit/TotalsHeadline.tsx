import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { formatMoney } from '../../../lib/format';
import { isCancelled } from './booking-view';
import { refundDueOf } from './refund-due';

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
 * The booking's money at a glance (spec 1 §9, as the server stored it in `totals`; issue #10):
 * total due, paid and the customer-side balance (total due − paid) — 'Balance outstanding' once
 * cancelled (spec 1 §4) — or 'In credit £X' when more was paid than is due, 'Refund due £X' by its
 * date (14 days from the cancellation, red once overdue) when a cancelled booking was paid beyond
 * its charge; with the parts of the total.
 */
export function TotalsHeadline({ booking }: { booking: BookingDetail }) {
  const t = booking.totals;
  const cancelled = isCancelled(booking);
  const owing = Number(t.balance) > 0;
  const refund = refundDueOf(booking);
  const parts = [
    `Tours ${formatMoney(t.tours_total)}`,
    t.extras_total !== '0.00' && `Extras ${formatMoney(t.extras_total)}`,
    t.discounts_total !== '0.00' && `Discounts −${formatMoney(t.discounts_total)}`,
    t.commission !== '0.00' && `Agent commission ${formatMoney(t.commission)} + VAT ${formatMoney(t.vat)}`,
  ].filter(Boolean);
  const third =
    t.refund_due !== '0.00' ? (
      <Figure
        label="Refund due"
        value={t.refund_due}
        tone={refund?.overdue ? 'red.8' : 'orange.9'}
        note={
          refund
            ? `Due by ${refund.byText}${refund.overdue ? ' · overdue' : ''}`
            : 'More was paid than the cancellation charge: to give back'
        }
      />
    ) : t.credit !== '0.00' ? (
      <Figure
        label="In credit"
        value={t.credit}
        tone="orange.9"
        note="Paid beyond the total due: to refund or carry over"
      />
    ) : (
      <Figure
        label={cancelled ? 'Balance outstanding' : 'Balance'}
        value={t.balance}
        tone={owing ? 'red.8' : 'green.9'}
      />
    );
  return (
    <div>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure
          label={cancelled ? 'Cancellation charge' : 'Total due'}
          value={cancelled ? (t.cancellation_value ?? t.total_due) : t.total_due}
        />
        <Figure label="Paid" value={t.paid} />
        {third}
      </SimpleGrid>
      <Group gap="xs" mt={6}>
        <Text size="xs" c="dimmed">
          {parts.join(' · ')}
        </Text>
      </Group>
    </div>
  );
}
