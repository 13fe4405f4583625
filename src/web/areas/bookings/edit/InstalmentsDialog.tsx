import { Alert, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import Decimal from 'decimal.js';
import { useState } from 'react';
import type { BookingDetail, InstalmentPlan } from '../../../../shared/api/booking-edit';
import { instalmentsApi, instalmentsSetSchema } from '../../../../shared/api/booking-instalments';
import {
  defaultInstalments,
  INSTALMENTS_MIN,
  instalmentLabel,
  instalmentPlanErrors,
} from '../../../../shared/instalments';
import { api } from '../../../api/client';
import { formatDate, formatMoney } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { DateField } from '../../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../../ui/entity';
import { MoneyInput, numberText } from '../../../ui/form';
import { Modal } from '../../../ui/Modal';
import { useCan } from '../../../ui/permissions';
import { useBookingChange, useReloadBooking } from '../booking-api';

/** The dialog's values: each instalment's date ('YYYY-MM-DD', blank or typed text) and amount as typed. */
interface InstalmentValues {
  instalments: { due: string | null; amount: string | number }[];
}

const toValues = (plan: { due: string; amount: string }[]): InstalmentValues => ({
  instalments: plan.map((p) => ({ due: p.due, amount: p.amount })),
});

/** What the form's values send: the plan as typed (text, never through floats). */
const planOf = (v: InstalmentValues) =>
  v.instalments.map((p) => ({ due: p.due ?? '', amount: numberText(p.amount) }));

/**
 * The instalments of the balance (issue #26) under the payment schedule: role 1 splits the balance
 * ('Split into instalments') or changes or removes the plan; other roles see the plan in the
 * schedule only. Nothing on a cancelled booking or one without a balance due date.
 */
export function InstalmentsActions({ booking }: { booking: BookingDetail }) {
  const mayEdit = useCan('bookings.instalments');
  const [opened, setOpened] = useState(false);
  const plan = booking.instalment_plan;
  const remove = useBookingChange(booking, (_: null, b) =>
    api.call(instalmentsApi.remove, { params: { id: b.id }, body: { version: b.version } }),
  );
  if (!mayEdit || !plan || booking.cancelled_at || !plan.balance_due || plan.max_count < INSTALMENTS_MIN)
    return null;
  const split = plan.instalments.length > 0;
  return (
    <>
      <Group gap="sm" mt="xs">
        <Button size="xs" variant="light" onClick={() => setOpened(true)}>
          {split ? 'Change instalments' : 'Split into instalments'}
        </Button>
        {split && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              if (
                await confirmAction('Remove the instalments? The balance will be one payment again.', {
                  confirmLabel: 'Remove instalments',
                  danger: true,
                  focusCancel: true,
                })
              )
                await remove.mutateAsync(null).catch(() => undefined);
            }}
          >
            Remove instalments
          </Button>
        )}
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Instalments" size="lg" centered>
        {opened && <InstalmentsForm booking={booking} plan={plan} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

/**
 * The plan in a dialog: the number of instalments (2 up to as many as fit) proposes the equal split
 * by the shared rule (`defaultInstalments`: a month apart, ending on the balance due date, the
 * leftover pennies on the last); each date and amount can then be edited. Checked as the server
 * checks it (`instalmentPlanErrors` with the shared messages) and sent as the list.
 */
function InstalmentsForm({
  booking,
  plan,
  onClose,
}: {
  booking: BookingDetail;
  plan: InstalmentPlan;
  onClose: () => void;
}) {
  const reload = useReloadBooking(booking.id);
  const balanceDue = plan.balance_due as string;
  const initial = plan.instalments.length
    ? plan.instalments
    : defaultInstalments(plan.balance, Math.min(3, plan.max_count), balanceDue, plan.not_before);
  const entity = useEntityForm({
    schema: instalmentsSetSchema,
    toValues: () => toValues(initial),
    toInput: (v: InstalmentValues) => ({ version: booking.version, instalments: planOf(v) }),
    extraValidate: (v): Record<string, string> =>
      Object.fromEntries(
        Object.entries(
          instalmentPlanErrors(planOf(v), {
            balance: plan.balance,
            balanceDue,
            notBefore: plan.not_before,
            kept: plan.instalments,
          }),
        ).map(([field, messages]) => [field, messages.join(' ')]),
      ),
    permission: 'bookings.instalments',
    mode: 'update',
    record: booking,
    send: (body) => api.call(instalmentsApi.set, { params: { id: booking.id }, body }),
    onSaved: () => {
      void reload();
      onClose();
    },
  });
  const { form } = entity;
  const rows = form.getValues().instalments;
  const sum = rows.reduce((s, p) => {
    const text = numberText(p.amount);
    return /^-?\d+(\.\d+)?$/.test(text) ? s.plus(text) : s;
  }, new Decimal(0));
  const counts = Array.from({ length: plan.max_count - INSTALMENTS_MIN + 1 }, (_, i) =>
    String(i + INSTALMENTS_MIN),
  );
  const planError = form.errors.instalments;
  return (
    <EntityFormFrame entity={entity} submitLabel="Save instalments" bare label="Instalments">
      <Stack gap="sm">
        <Text size="sm">
          Split the balance of <strong>{formatMoney(plan.balance)}</strong> into instalments, the last due on
          the balance due date ({formatDate(balanceDue)}). Equal amounts a month apart are proposed; change
          any date or amount, as long as they add up to the balance.
        </Text>
        <Select
          label="Number of instalments"
          data={counts}
          value={String(rows.length)}
          allowDeselect={false}
          w={200}
          onChange={(v) => {
            if (!v) return;
            form.setValues(
              toValues(defaultInstalments(plan.balance, Number(v), balanceDue, plan.not_before)),
            );
            form.clearErrors();
          }}
        />
        <Table withTableBorder verticalSpacing={4} aria-label="Instalment plan">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Instalment</Table.Th>
              <Table.Th>Due date</Table.Th>
              <Table.Th>Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position in the plan (instalment i + 1 of n)
              <Table.Tr key={`${rows.length}-${i}`} data-instalment={i + 1}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {instalmentLabel(i + 1, rows.length)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DateField
                    aria-label={`${instalmentLabel(i + 1, rows.length)} due date`}
                    {...form.getInputProps(`instalments.${i}.due`)}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={`${instalmentLabel(i + 1, rows.length)} amount`}
                    {...form.getInputProps(`instalments.${i}.amount`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Total of the instalments
          </Text>
          <Text size="sm" fw={600} c={sum.eq(plan.balance) ? undefined : 'red.8'} data-instalments-total>
            {formatMoney(sum.toFixed(2))} of {formatMoney(plan.balance)}
          </Text>
        </Group>
        {planError && (
          <Alert color="red" variant="light" role="alert">
            {planError}
          </Alert>
        )}
      </Stack>
    </EntityFormFrame>
  );
}
