import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type PortalBooking, portalApi } from '../../../shared/api/portal';
import { poundsText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { PortalCard } from '../PortalCard';

type Change = NonNullable<PortalBooking['price_change']>;

/**
 * A price increase waiting for the customer's decision (issue #27, PTR 2018 reg. 11(4)): the reason,
 * the increase, the total before → after, the date to answer by and what happens without an answer;
 * 'Accept the new price' or 'Cancel without charge' (asked twice) → POST portal/booking/price-change;
 * then `onAnswered(message)` (the page says it and reloads the booking).
 */
export function PriceChangeCard({ change, onAnswered }: { change: Change; onAnswered: (m: string) => void }) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const answer = useMutation({
    mutationFn: (a: 'accept' | 'cancel') =>
      api.call(portalApi.answerPriceChange, { body: { price_change_id: change.id, answer: a } }),
    onSuccess: (r) => onAnswered(r.message),
  });
  const by = formatDate(change.respond_by);
  return (
    <PortalCard title="Your decision on a price change" tone="attention">
      <Text>
        We have had to increase the price of your holiday by{' '}
        <Text span fw={700}>
          {poundsText(change.amount)}
        </Text>
        . The reason: {change.reason}.
      </Text>
      <Text>
        <Text span fw={600}>
          Total price:
        </Text>{' '}
        {poundsText(change.total_before)} → {poundsText(change.total_after)}
      </Text>
      <Text>
        As this is a large increase, you can choose to accept the new price, or to cancel your booking without
        any cancellation charge and have everything you have paid refunded. Please choose by{' '}
        <Text span fw={700}>
          {by}
        </Text>
        . If we have not heard from you by then, the new price is taken as accepted.
      </Text>
      {answer.isError && (
        <Alert color="red" variant="light" role="alert">
          {answer.error.message}
        </Alert>
      )}
      {confirmCancel ? (
        <Stack gap="xs">
          <Text fw={600}>Cancel your booking? This cannot be undone; you will not be charged.</Text>
          <Group>
            <Button color="red" onClick={() => answer.mutate('cancel')} disabled={answer.isPending}>
              {answer.isPending ? 'Cancelling...' : 'Yes, cancel my booking'}
            </Button>
            <Button variant="default" onClick={() => setConfirmCancel(false)} disabled={answer.isPending}>
              Go back
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button size="md" color="teal" onClick={() => answer.mutate('accept')} disabled={answer.isPending}>
            {answer.isPending ? 'Saving...' : 'Accept the new price'}
          </Button>
          <Button size="md" color="red" variant="outline" onClick={() => setConfirmCancel(true)}>
            Cancel without charge
          </Button>
        </Group>
      )}
    </PortalCard>
  );
}
