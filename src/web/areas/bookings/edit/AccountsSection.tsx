import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { formatDate, formatMoney } from '../../../lib/format';
import { isCancelledBooking } from './booking-sections';
import { SubHeading } from './section-kit';

/** One labelled figure; `testId` lets tests read it. */
function Figure({
  label,
  children,
  strong,
  color,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  color?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={3} data-figure={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={color} ta="right" data-value>
        {children}
      </Text>
    </Group>
  );
}

const percentText = (v: string | null | undefined) => {
  if (v === null || v === undefined || v === '') return '0%';
  return `${Number(v).toString()}%`;
};

/**
 * The booking's accounts (spec 1 §9 formulas, §4 Cancelled): the figures the server stored in
 * `booking.totals` — tours, extras, discounts, total due, paid, balance — with the deposit and the
 * due dates. An agent booking adds 'Agent accounts' (non-commissionable extras, commission and VAT
 * on it; balance = total due − paid − (commission + VAT), never below 0). A cancelled booking
 * shows its invoice value struck through beside the cancellation charge and the balance outstanding
 * (charge, or total due when the charge is 0, minus paid).
 */
export function AccountsSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const t = booking.totals;
  const cancelled = isCancelledBooking(booking);
  const hasAgent = booking.agent_id !== null;
  const charge =
    booking.cancellation_charge && Number(booking.cancellation_charge) > 0
      ? booking.cancellation_charge
      : '0.00';
  const balanceColor = Number(t.balance) > 0 ? 'red.7' : Number(t.balance) < 0 ? 'orange.8' : 'green.8';
  return (
    <SimpleGrid cols={{ base: 1, md: hasAgent ? 2 : 1 }} spacing="xl" maw={hasAgent ? undefined : 520}>
      <Stack gap={0} aria-label="Accounts">
        {hasAgent && <SubHeading>Booking accounts</SubHeading>}
        <Figure label="Tours total">{formatMoney(t.tours_total)}</Figure>
        <Figure label="Extras total">{formatMoney(t.extras_total)}</Figure>
        <Figure label="Discounts total">
          {Number(t.discounts_total) > 0
            ? `-${formatMoney(t.discounts_total)}`
            : formatMoney(t.discounts_total)}
        </Figure>
        <Divider my={4} />
        {cancelled ? (
          <Figure label="Invoice value / cancellation charge" strong>
            <Text span size="sm" td="line-through" c="dimmed" mr="sm" data-invoice>
              {formatMoney(t.total_due)}
            </Text>
            <Text span size="sm" fw={700} data-charge>
              {formatMoney(charge)}
            </Text>
          </Figure>
        ) : (
          <Figure label="Total due" strong>
            {formatMoney(t.total_due)}
          </Figure>
        )}
        <Figure label="Paid">{formatMoney(t.paid)}</Figure>
        <Figure label={cancelled ? 'Balance outstanding' : 'Balance'} strong color={balanceColor}>
          {formatMoney(t.balance)}
        </Figure>
        <Divider my={4} />
        <Figure label="Deposit">{formatMoney(booking.deposit)}</Figure>
        <Figure label="Deposit due date">{formatDate(booking.deposit_due) || '—'}</Figure>
        <Figure label="Balance due date">{formatDate(booking.balance_due) || '—'}</Figure>
      </Stack>
      {hasAgent && (
        <Stack gap={0} aria-label="Agent accounts">
          <SubHeading>Agent accounts{booking.agent ? ` — ${booking.agent.name}` : ''}</SubHeading>
          <Figure label="Total due">{formatMoney(t.total_due)}</Figure>
          <Figure label="Non-commissionable extras">{formatMoney(t.non_commissionable_extras)}</Figure>
          <Figure label={`Commission (${percentText(booking.agent_comission_percent)})`}>
            {formatMoney(t.commission)}
          </Figure>
          <Figure label={`VAT on commission (${percentText(booking.booking_vat_percent)})`}>
            {formatMoney(t.vat)}
          </Figure>
          <Figure label="Paid">{formatMoney(t.paid)}</Figure>
          <Divider my={4} />
          <Figure
            label={cancelled ? 'Balance outstanding' : 'Balance due from agent'}
            strong
            color={balanceColor}
          >
            {formatMoney(t.balance)}
          </Figure>
        </Stack>
      )}
    </SimpleGrid>
  );
}
