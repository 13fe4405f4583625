import { Anchor, Button, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  INVOICE_MESSAGES,
  type InvoiceFor,
  invoicesApi,
  PAYMENT_MODES,
  type RecordedPayment,
  type RecordPaymentInput,
  recordPaymentInput,
} from '../../../shared/api/invoices';
import { leftForPayment, typedMoreThan } from '../../../shared/money-owed';
import { currencySymbol, moneyText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { useEntityForm } from '../../ui/entity';
import { FormActions, NumberField, numberText, SaveButton } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { ConfirmDeleteLink, RowActions } from '../../ui/RowActions';

interface PaymentValues {
  paid_amount: string | number;
  payment_mode: string | null;
  transaction_number: string;
  payment_date: string | null;
}

const EMPTY: PaymentValues = {
  paid_amount: '',
  payment_mode: null,
  transaction_number: '',
  payment_date: null,
};

/**
 * The record payment modal (spec 2 §2 'Record payment modal', §4 flag add or edit, §5, §8): Total,
 * Paid and Left of the invoice (in its currency); a form with amount paid, payment mode (Bax, Card,
 * checque, cash, bank), payment number and paid date — an amount beyond what is left
 * (`leftForPayment` of shared/money-owed.ts) shows 'Please provide a valid amount upto {left}' and
 * the submit is disabled (the server enforces the same rule under a row lock); the form is checked
 * with the shared `recordPaymentInput` before it is sent (the kit's `useEntityForm`); the recorded
 * payments with edit and delete ('Are you sure you want to delete this recorded payment ?'). Reusable: the Invoices section and the Payment Invoices summary open it.
 * `onSaved` runs after every add, edit or delete (e.g. to reload a table).
 */
export function RecordPaymentModal({
  invoiceFor,
  partyId,
  invoiceId,
  opened,
  onClose,
  onSaved,
}: {
  invoiceFor: InvoiceFor;
  partyId: number;
  invoiceId: number | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const body = { payment_for: invoiceFor, payment_for_id: partyId, invoice_id: invoiceId ?? 0 };
  const queryKey = keys.invoices.sub(invoiceId ?? 0, 'payments', invoiceFor, partyId);
  const query = useQuery({
    queryKey,
    enabled: opened && invoiceId !== null,
    queryFn: ({ signal }) => api.call(invoicesApi.payments, { body, signal }),
  });
  const queryClient = useQueryClient();
  const mayDelete = useCan('invoices.paymentDelete');
  const [editing, setEditing] = useState<RecordedPayment | null>(null);

  const afterChange = (answer: { selected_invoice: unknown; recorded_payments: unknown }) => {
    queryClient.setQueryData(queryKey, (old: typeof query.data) => (old ? { ...old, ...answer } : old));
    void queryClient.invalidateQueries({ queryKey: keys.invoices.all });
    onSaved?.();
  };

  const entity = useEntityForm({
    schema: recordPaymentInput,
    toValues: () => EMPTY,
    toInput: (v: PaymentValues): RecordPaymentInput => ({
      ...body,
      flag: editing ? 'edit' : 'add',
      invoice_payment_id: editing?.invoice_payment_id,
      paid_amount: numberText(v.paid_amount),
      payment_mode: (v.payment_mode ?? '') as never,
      transaction_number: v.transaction_number,
      payment_date: v.payment_date ?? '',
    }),
    permission: 'invoices.payment',
    mode: editing ? 'update' : 'create',
    send: (input) => api.call(invoicesApi.recordPayment, { body: input }),
    onSaved: (answer) => {
      afterChange(answer);
      setEditing(null);
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
    },
  });
  const { form } = entity;

  const invoice = query.data?.selected_invoice;
  const currency = invoice?.currency_type ?? 'Sterling';
  const left = invoice
    ? leftForPayment(invoice.invoice_amount, invoice.total_paid, editing?.paid_amount)
    : '0.00';
  const tooMuch = typedMoreThan(numberText(form.values.paid_amount), left)
    ? INVOICE_MESSAGES.amountUpto(left)
    : null;

  const remove = useNoticeMutation(
    (p: RecordedPayment) =>
      api.call(invoicesApi.deletePayment, { body: { ...body, invoice_payment_id: p.invoice_payment_id } }),
    {
      onSuccess: (answer, p) => {
        afterChange(answer);
        if (editing?.invoice_payment_id === p.invoice_payment_id) {
          setEditing(null);
          form.setValues(EMPTY);
        }
      },
    },
  );

  const close = () => {
    setEditing(null);
    form.setValues(EMPTY);
    form.clearErrors();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={invoice ? `Record payment — invoice ${invoice.invoice_number}` : 'Record payment'}
      size="xl"
      centered
    >
      {query.isError && <QueryProblem query={query} what="payments" mb="sm" />}
      {invoice && (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="sm">
            <Figure label="Total" value={moneyText(invoice.invoice_amount, currency)} />
            <Figure label="Paid" value={moneyText(invoice.total_paid, currency)} />
            <Figure label="Left" value={moneyText(invoice.outstanding, currency)} strong />
          </SimpleGrid>
          <form onSubmit={entity.onSubmit} noValidate>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <NumberField
                label="Amount paid"
                required
                prefix={currencySymbol(currency)}
                step={0.01}
                thousandSeparator=","
                {...form.getInputProps('paid_amount')}
                error={tooMuch ?? form.errors.paid_amount}
              />
              <Select
                label="Payment mode"
                required
                data={[...PAYMENT_MODES]}
                placeholder="Choose…"
                {...form.getInputProps('payment_mode')}
              />
              <TextInput label="Payment number" {...form.getInputProps('transaction_number')} />
              <DateField label="Paid date" required {...form.getInputProps('payment_date')} />
            </SimpleGrid>
            <FormActions>
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    form.setValues(EMPTY);
                  }}
                >
                  Cancel edit
                </Button>
              )}
              <SaveButton
                mode={entity.mode}
                saving={entity.saving}
                disabled={entity.saving || tooMuch !== null}
              >
                {editing ? 'Update payment' : 'Record payment'}
              </SaveButton>
            </FormActions>
          </form>
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label="Recorded payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Paid date</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Recorded by</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data?.recorded_payments.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text size="sm" c="dimmed">
                        No payments recorded yet.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {query.data?.recorded_payments.map((p) => (
                  <Table.Tr key={p.invoice_payment_id}>
                    <Table.Td>{formatDate(p.payment_date)}</Table.Td>
                    <Table.Td ta="right">{moneyText(p.paid_amount, currency)}</Table.Td>
                    <Table.Td>{p.payment_mode}</Table.Td>
                    <Table.Td>{p.transaction_number ?? '—'}</Table.Td>
                    <Table.Td>{p.created_by_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <Anchor
                          component="button"
                          type="button"
                          size="sm"
                          onClick={() => {
                            setEditing(p);
                            form.setValues({
                              paid_amount: p.paid_amount,
                              payment_mode: p.payment_mode,
                              transaction_number: p.transaction_number ?? '',
                              payment_date: p.payment_date,
                            });
                          }}
                        >
                          Edit
                        </Anchor>
                        {mayDelete && (
                          <ConfirmDeleteLink
                            confirmMessage={INVOICE_MESSAGES.confirmDeletePayment}
                            onConfirm={() => remove.mutate(p)}
                            pending={
                              remove.isPending &&
                              remove.variables?.invoice_payment_id === p.invoice_payment_id
                            }
                            disabled={remove.isPending}
                          />
                        )}
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      {!invoice && query.isLoading && <Text size="sm">Loading…</Text>}
    </Modal>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </div>
  );
}
