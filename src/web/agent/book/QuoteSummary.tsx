import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import type { agentQuoteAnswer } from '../../../shared/api/agent-side';
import { poundsText } from '../../../shared/money-text';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../../portal/PortalCard';
import { Line } from '../../portal/sections/ExtrasCard';

type Quote = z.infer<typeof agentQuoteAnswer>['data'];

/**
 * Step 4: what the booking will cost and earn before it is made (POST agent/bookings/quote):
 * the room and guests, the total, the agency's commission and the VAT on it, the net the agency
 * pays, the deposit and when it and the balance are due; then 'Confirm booking'.
 */
export function QuoteSummary({
  quote,
  confirming,
  error,
  onConfirm,
}: {
  quote: Quote;
  confirming: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <PortalCard title="4. Check and confirm" tone="attention">
      <Text fw={600}>{quote.label}</Text>
      <Text size="sm">
        {quote.guests === 1 ? '1 guest' : `${quote.guests} guests`} in{' '}
        {quote.rooms === 1 ? '1 room' : `${quote.rooms} rooms`} at {poundsText(quote.price)} per guest
      </Text>
      <Stack gap={4}>
        <Line label="Total price" amount={poundsText(quote.total_due)} strong />
        <Line
          label={`Your commission @ ${quote.commission_percent.replace(/\.?0+$/, '')}%`}
          amount={poundsText(quote.commission)}
        />
        <Line label="VAT on commission" amount={poundsText(quote.vat)} />
        <Divider my={4} />
        <Line label="Net due from your agency" amount={poundsText(quote.net_due)} strong />
        <Line
          label={quote.deposit_due ? `Deposit due ${formatDate(quote.deposit_due)}` : 'Deposit due now'}
          amount={poundsText(quote.deposit)}
        />
        {quote.balance_due && (
          <Text size="sm" c="dimmed">
            Balance due {formatDate(quote.balance_due)}.
          </Text>
        )}
      </Stack>
      {error && (
        <Alert color="red" variant="light" role="alert" title="The booking was not made">
          {error}
        </Alert>
      )}
      <Group>
        <Button size="md" color="teal" onClick={onConfirm} disabled={confirming}>
          {confirming ? 'Booking...' : 'Confirm booking'}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        The booking is made as Pending; the office confirms it shortly.
      </Text>
    </PortalCard>
  );
}
