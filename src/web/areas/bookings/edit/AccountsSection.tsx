import { Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { stageParts } from '../../../../shared/payment-schedule';
import { formatMoney } from '../../../lib/format';
import { isCancelledBooking } from './booking-sections';
import { InstalmentsActions } from './InstalmentsDialog';
import { PaymentRemindersControl } from './PaymentRemindersControl';
import { refundDueOf } from './refund-due';
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
 * The booking's accounts (spec 1 §9 formulas, §4 Cancelled; issue #10): the figures the server
 * stored in `booking.totals`, each column adding up. Booking accounts (customer side): tours,
 * extras, discounts, total due, paid and balance = total due − paid; paid beyond the total due
 * shows 'In credit £X'. A cancelled booking shows its invoice value struck through beside the
 * cancellation charge (0.00 when waived; the total due when never set), the balance outstanding =
 * charge − paid, and 'Refund due £X' when more was paid. An agent booking adds 'Agent accounts':
 * total due − paid − commission − VAT on it = the net balance due from the agent (never below 0).
 * Below the figures, the payment schedule's stages as the server's one rule gives them
 * (src/shared/payment-schedule.ts; the same words as the Confirmation) — with its instalments
 * when the balance is split, which role 1 sets, changes or removes here (InstalmentsDialog.tsx) —
 * and the switch that pauses its payment reminders (issue #26).
 */
export function AccountsSection({ booking }: { booking: BookingDetail; canEdit: boolean }) {
  const t = booking.totals;
  const cancelled = isCancelledBooking(booking);
  const hasAgent = booking.agent_id !== null;
  const charge = t.cancellation_value ?? '0.00';
  const owing = Number(t.balance) > 0;
  const credit = Number(t.credit) > 0;
  const refundDue = Number(t.refund_due) > 0;
  const refundClock = refundDueOf(booking);
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
        {t.price_changes_total !== '0.00' && (
          <Figure label="Price changes">{formatMoney(t.price_changes_total)}</Figure>
        )}
        <Divider my={4} />
        {cancelled ? (
          <Figure label="Invoice value / cancellation charge" strong>
            <Text span size="sm" td="line-through" c="dimmed" mr="sm" data-invoice>
              {formatMoney(t.total_due)}
            </Text>
            <Text span size="sm" fw={700} data-charge>
              {formatMoney(charge)}
              {booking.cancellation_charge !== null && Number(booking.cancellation_charge) === 0
                ? ' (waived)'
                : ''}
            </Text>
          </Figure>
        ) : (
          <Figure label="Total due" strong>
            {formatMoney(t.total_due)}
          </Figure>
        )}
        <Figure label="Paid">{formatMoney(t.paid)}</Figure>
        {refundDue ? (
          <>
            <Figure label="Refund due" strong color={refundClock?.overdue ? 'red.8' : 'orange.9'}>
              {formatMoney(t.refund_due)}
            </Figure>
            {refundClock && (
              <Figure label="Refund due by" color={refundClock.overdue ? 'red.8' : undefined}>
                {refundClock.byText}
                {refundClock.overdue ? ' (overdue)' : ''}
              </Figure>
            )}
          </>
        ) : (
          <Figure
            label={cancelled ? 'Balance outstanding' : 'Balance'}
            strong
            color={owing ? 'red.8' : 'green.9'}
          >
            {formatMoney(t.balance)}
          </Figure>
        )}
        {credit && (
          <Figure label="In credit" strong color="orange.9">
            {formatMoney(t.credit)}
          </Figure>
        )}
        {booking.payment_schedule.length > 0 && (
          <>
            <Divider my={4} />
            <SubHeading>Payment schedule</SubHeading>
            <Stack gap={0} aria-label="Payment schedule">
              {booking.payment_schedule.map((stage) => {
                const p = stageParts(stage);
                const paid = Number(stage.outstanding) <= 0;
                return (
                  <Stack key={stage.label} gap={0} data-stage={stage.kind}>
                    <Figure label={p.what} color={paid ? 'green.9' : undefined}>
                      {p.when}
                    </Figure>
                    {p.note && (
                      <Text size="xs" c="dimmed" ta="right" data-note>
                        {p.note}
                      </Text>
                    )}
                  </Stack>
                );
              })}
            </Stack>
            {!cancelled && <PaymentRemindersControl bookingId={booking.id} />}
          </>
        )}
        <InstalmentsActions booking={booking} />
      </Stack>
      {hasAgent && (
        <Stack gap={0} aria-label="Agent accounts">
          <SubHeading>Agent accounts{booking.agent ? ` — ${booking.agent.name}` : ''}</SubHeading>
          <Figure label="Total due">{formatMoney(t.total_due)}</Figure>
          <Figure label="Less paid">{formatMoney(t.paid)}</Figure>
          <Figure label={`Less commission (${percentText(booking.agent_comission_percent)})`}>
            {formatMoney(t.commission)}
          </Figure>
          <Figure label={`Less VAT on commission (${percentText(booking.booking_vat_percent)})`}>
            {formatMoney(t.vat)}
          </Figure>
          <Divider my={4} />
          <Figure
            label="Net balance due from agent"
            strong
            color={Number(t.agent_balance) > 0 ? 'red.8' : 'green.9'}
          >
            {formatMoney(t.agent_balance)}
          </Figure>
          <Divider my={4} />
          <Figure label="Non-commissionable extras">{formatMoney(t.non_commissionable_extras)}</Figure>
          <Text size="xs" c="dimmed" mt={4}>
            Net balance = total due − paid − commission − VAT, never below £0.00. Commission is paid on the
            total due less the non-commissionable extras.
          </Text>
        </Stack>
      )}
    </SimpleGrid>
  );
}
