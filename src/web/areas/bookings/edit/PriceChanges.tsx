import { Alert, Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import {
  type PriceChange,
  priceChangeInput,
  priceChangesApi,
} from '../../../../shared/api/booking-price-changes';
import { addDays } from '../../../../shared/dates';
import { PRICE_CHANGE_DECISION_LABELS } from '../../../../shared/price-change';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { useEntityForm } from '../../../ui/entity';
import { MoneyInput, numberText } from '../../../ui/form';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useBookingChange, useReloadBooking } from '../booking-api';
import { isCancelled } from './booking-view';

/**
 * Price changes after booking (issue #27; PTR 2018 regs 10–11, rules in shared/price-change.ts):
 * 'Price change…' beside Cancel opens a form (increase or reduction, amount, reason) → POST
 * bookings/{id}/price-changes; the section lists the changes with the customer's decision, and role
 * 1 records an answer given by phone. The list sits under the booking's query key, so it reloads
 * with the booking.
 */
const listKey = (id: number) => keys.bookings.sub(id, 'price-changes');

export function usePriceChanges(bookingId: number) {
  return useQuery({
    queryKey: listKey(bookingId),
    queryFn: ({ signal }) =>
      api.call(priceChangesApi.list, { params: { id: bookingId }, signal }).then((r) => r.data),
  });
}

const DECISION_COLOURS = {
  pending: 'orange',
  accepted: 'green',
  cancelled: 'red',
  deemed_accepted: 'teal',
} as const;
/** Short words for the badge; the full wording (PRICE_CHANGE_DECISION_LABELS) is its title. */
const DECISION_SHORT = {
  pending: 'Waiting',
  accepted: 'Accepted',
  cancelled: 'Cancelled, no charge',
  deemed_accepted: 'Deemed accepted',
} as const;

export function DecisionBadge({ change }: { change: Pick<PriceChange, 'decision'> }) {
  if (!change.decision)
    return (
      <Badge variant="light" color="gray">
        Notice sent
      </Badge>
    );
  return (
    <Badge
      variant="light"
      color={DECISION_COLOURS[change.decision]}
      title={PRICE_CHANGE_DECISION_LABELS[change.decision]}
    >
      {DECISION_SHORT[change.decision]}
    </Badge>
  );
}

/** 'Price change…' (role 1, a live booking). */
export function PriceChangeButton({ booking }: { booking: BookingDetail }) {
  const may = useCan('bookings.priceChange');
  const [opened, setOpened] = useState(false);
  if (!may || isCancelled(booking)) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Price change…
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Price change" centered>
        {opened && <PriceChangeForm booking={booking} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

interface ChangeValues {
  kind: 'increase' | 'reduction';
  amount: string | number;
  reason: string;
}

function PriceChangeForm({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const reload = useReloadBooking(booking.id);
  const rules = usePriceChanges(booking.id).data?.rules;
  const entity = useEntityForm({
    schema: priceChangeInput,
    toValues: (): ChangeValues => ({ kind: 'increase', amount: '', reason: '' }),
    toInput: (v: ChangeValues) => {
      const amount = numberText(v.amount);
      return {
        amount: v.kind === 'reduction' && amount !== '' ? `-${amount}` : amount,
        reason: v.reason,
        version: booking.version,
      };
    },
    permission: 'bookings.priceChange',
    mode: 'update',
    record: booking,
    send: (body) => api.call(priceChangesApi.apply, { params: { id: booking.id }, body }),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form, onSubmit, saving } = entity;
  const kind = form.getValues().kind;
  const lastDay = rules?.departure_date ? addDays(rules.departure_date, -rules.min_days) : null;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          aria-label="Increase or reduction"
          data={[
            { value: 'increase', label: 'Increase (surcharge)' },
            { value: 'reduction', label: 'Reduction' },
          ]}
          {...form.getInputProps('kind')}
        />
        <MoneyInput
          label={kind === 'increase' ? 'Increase' : 'Reduction'}
          description={`Total due now ${formatMoney(booking.totals.total_due)}.`}
          min={0}
          data-autofocus
          {...form.getInputProps('amount')}
        />
        <TextInput
          label="Reason (sent to the customer)"
          placeholder="e.g. Fuel surcharge: jet fuel up 12 % since booking"
          {...form.getInputProps('reason')}
        />
        {rules && kind === 'increase' && (
          <Text size="sm" c={rules.increase_allowed ? 'dimmed' : 'red.8'}>
            {rules.increase_allowed
              ? `Increases may be notified until ${lastDay ? formatDate(lastDay) : 'departure'} (${rules.min_days} days before departure). Over ${rules.significant_percent}% of the total, the customer may accept or cancel without a charge within ${rules.response_days} days.`
              : `Too late for an increase: it must be notified at least ${rules.min_days} days before departure. A reduction is still possible.`}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          The customer is emailed the reason and the calculation.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Close
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating...' : 'Apply price change'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The price changes of a booking and, for one waiting, the customer's answer recorded by staff. */
export function PriceChangesSection({ booking }: { booking: BookingDetail }) {
  const { data, isLoading } = usePriceChanges(booking.id);
  const may = useCan('bookings.priceChange');
  const answer = useBookingChange(
    booking,
    (v: { price_change_id: number; answer: 'accepted' | 'cancelled' }, b) =>
      api.call(priceChangesApi.answer, { params: { id: b.id }, body: { ...v, version: b.version } }),
  );
  if (isLoading || !data) return <Text size="sm">Loading...</Text>;
  const pending = data.changes.find((c) => c.decision === 'pending');
  return (
    <Stack gap="sm">
      {pending && (
        <Alert color="orange" title="Waiting for the customer's decision" role="status">
          <Text size="sm">
            {formatMoney(pending.amount)} ({pending.reason}) takes the total from{' '}
            {formatMoney(pending.total_before)} to {formatMoney(pending.total_after)}. The customer may accept
            it or cancel without a cancellation charge by {formatDate(pending.respond_by)}; no answer by then
            counts as accepted.
          </Text>
          {may && (
            <Group gap="sm" mt="sm">
              <Button
                size="xs"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ price_change_id: pending.id, answer: 'accepted' })}
              >
                Customer accepted
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={answer.isPending}
                onClick={() => answer.mutate({ price_change_id: pending.id, answer: 'cancelled' })}
              >
                Customer cancelled (no charge)
              </Button>
            </Group>
          )}
        </Alert>
      )}
      {data.changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No price changes since booking.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Price changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Applied</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th ta="right">Total before → after</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Answer by</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.changes.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    {formatDateTime(c.created_at)}
                    {c.created_by ? ` · ${c.created_by}` : ''}
                  </Table.Td>
                  <Table.Td>{c.reason}</Table.Td>
                  <Table.Td ta="right">{formatMoney(c.amount)}</Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(c.total_before)} → {formatMoney(c.total_after)}
                  </Table.Td>
                  <Table.Td>
                    <DecisionBadge change={c} />
                  </Table.Td>
                  <Table.Td>{c.respond_by ? formatDate(c.respond_by) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
