import { Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { PortalBooking } from '../../../shared/api/portal';
import { londonToday } from '../../../shared/dates';
import { poundsText } from '../../../shared/money-text';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';
import { isPositive } from '../portal-format';
import { Line } from './ExtrasCard';

type Money = PortalBooking['money'];

/**
 * Money: the total, what has been paid and the balance (or 'In credit'; once cancelled, the refund
 * due to the customer and the day it is due by, PTR 2018 reg. 14), the payment schedule's
 * stages with their due dates, each paid or outstanding, and every payment and refund.
 */
export function MoneyCard({ money }: { money: Money }) {
  const today = londonToday();
  return (
    <PortalCard title="Money">
      <Stack gap={4}>
        <Line label="Total price" amount={poundsText(money.total_due)} />
        <Line label="Paid so far" amount={poundsText(money.paid)} />
        {isPositive(money.refund_due) ? (
          // Cancelled with more paid than the charge: the refund replaces a negative 'balance to pay'.
          <Line
            label={
              money.refund_due_by
                ? `Refund due to you by ${formatDate(money.refund_due_by)}`
                : 'Refund due to you'
            }
            amount={poundsText(money.refund_due)}
            strong
          />
        ) : isPositive(money.credit) ? (
          <Line label="In credit" amount={poundsText(money.credit)} strong />
        ) : (
          <Line label="Balance to pay" amount={poundsText(money.balance)} strong />
        )}
      </Stack>
      {money.schedule.length > 0 && (
        <Stack gap="xs">
          <Divider />
          <Title order={3} size="h4">
            When payments are due
          </Title>
          {money.schedule.map((stage) => {
            const outstanding = isPositive(stage.outstanding);
            const overdue = outstanding && !!stage.due && stage.due < today;
            return (
              <Stack key={stage.label} gap={0}>
                <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
                  <Text fw={600}>{stage.label}</Text>
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {poundsText(stage.amount)}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text size="sm" c="dimmed">
                    {stage.due ? `Due ${formatDate(stage.due)}` : 'Due now'}
                  </Text>
                  {outstanding ? (
                    <Badge color={overdue ? 'red' : 'orange'} variant="light" tt="none" size="md">
                      {overdue ? 'Overdue' : 'To pay'}: {poundsText(stage.outstanding)}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light" tt="none" size="md">
                      Paid{stage.paid_on ? ` ${formatDate(stage.paid_on)}` : ''}
                    </Badge>
                  )}
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack gap="xs">
        <Divider />
        <Title order={3} size="h4">
          Payments
        </Title>
        {money.payments.length === 0 && <Text c="dimmed">No payments yet.</Text>}
        {money.payments.map((p, i) => (
          <Line
            // biome-ignore lint/suspicious/noArrayIndexKey: the payments in the server's order
            key={i}
            label={`${formatDate(p.date)} · ${p.refund ? `Refund (${p.method})` : p.method}`}
            amount={poundsText(p.amount)}
          />
        ))}
      </Stack>
    </PortalCard>
  );
}
