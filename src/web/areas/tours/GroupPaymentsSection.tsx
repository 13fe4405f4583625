import {
  Anchor,
  Button,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Decimal from 'decimal.js';
import { useEffect, useRef, useState } from 'react';
import {
  GROUP_PAYMENT_MESSAGES,
  type GroupPayment,
  groupPaymentsApi,
} from '../../../shared/api/group-payments';
import { groupsApi } from '../../../shared/api/groups';
import { INVOICE_CURRENCIES, INVOICE_MESSAGES, invoicesApi } from '../../../shared/api/invoices';
import { currencySymbol, exchangeRateText, moneyText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { AuditHistory } from '../../ui/AuditHistory';
import { FormActions, NumberField, numberText, useFormSubmit } from '../../ui/form';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import { ConfirmDeleteLink, RowActions } from '../../ui/RowActions';
import { Section } from '../../ui/Section';

interface PaymentFormValues {
  payment_for: '1' | '2';
  supplier_id: string | null;
  tour_manager_id: string | null;
  service_type_id: string | null;
  accommodation_id: string | null;
  accommodation_room_id: string | null;
  estimated_cost: string | number;
  currency_type: string;
  currency_exchange_rate: string;
  per_person_basis: boolean;
  supplier_invoice_id: string | null;
  invoice_asigned_amount: string | number;
}

/** Spec 3 §4: after a successful save the form resets to add. */
const EMPTY: PaymentFormValues = {
  payment_for: '1',
  supplier_id: null,
  tour_manager_id: null,
  service_type_id: null,
  accommodation_id: null,
  accommodation_room_id: null,
  estimated_cost: '',
  currency_type: 'Sterling',
  currency_exchange_rate: '1',
  per_person_basis: false,
  supplier_invoice_id: null,
  invoice_asigned_amount: '',
};

const amount = (s: string) => /^\d+(\.\d+)?$/.test(s);

/** '€1,000.00' in the given currency; '—' for none. */
const inCurrency = (value: string | number | null | undefined, currency: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : moneyText(value, currency);

/**
 * Suppliers, Services & Payments of the tour group screen (spec 3 §2, §3 Internal payment, §4, §5,
 * §9): gross revenue, cancellation revenue, supplier costs and the tour profit (floored at 0; the
 * shared formula of src/shared/money-owed.ts, worked out by the server); the internal payment form
 * (role 1: supplier or tour manager, service type, accommodation and room with the estimated cost
 * proposed, estimate currency and per-person basis, the party's invoice and the amount assigned —
 * 'Please provide valid invoice amount less than {amount}', the field disabled until an invoice is
 * chosen); the payments table with the Payment-Invoice.pdf download; and the group's History.
 */
export function GroupPaymentsSection({
  groupId,
  defaultOpen = false,
}: {
  groupId: number;
  defaultOpen?: boolean;
}) {
  const mayEdit = useCan('groupPayments.save');
  const queryClient = useQueryClient();
  const group = useQuery({
    queryKey: keys.groups.one(groupId),
    queryFn: ({ signal }) => api.call(groupsApi.get, { params: { id: groupId }, signal }).then((r) => r.data),
  });
  const revenueKey = keys.groups.sub(groupId, 'revenue');
  const revenue = useQuery({
    queryKey: revenueKey,
    queryFn: ({ signal }) =>
      api.call(groupPaymentsApi.revenue, { params: { id: groupId }, signal }).then((r) => r.data),
  });
  const [editing, setEditing] = useState<GroupPayment | null>(null);
  const form = useForm<PaymentFormValues>({ mode: 'controlled', initialValues: EMPTY });
  const v = form.values;
  const partyFor = v.payment_for === '1' ? 'supplier' : 'tour_manager';
  const partyId = v.payment_for === '1' ? v.supplier_id : v.tour_manager_id;

  const partyData = useQuery({
    queryKey: keys.invoices.list('party-invoices', partyFor, partyId),
    enabled: partyId !== null,
    queryFn: ({ signal }) =>
      api
        .call(invoicesApi.supplierInvoices, {
          body: { invoice_for: partyFor, invoice_for_id: Number(partyId) },
          signal,
        })
        .then((r) => r.data),
  });
  const invoices = partyData.data?.invoices ?? [];
  const accommodations = partyData.data?.supplier_accomodations ?? [];
  const rooms = accommodations.find((a) => String(a.id) === v.accommodation_id)?.rooms ?? [];
  const chosenInvoice = invoices.find((i) => String(i.id) === v.supplier_invoice_id);

  // The estimated cost proposed for the chosen accommodation and room (fetch-supplier-estimated-cost).
  const proposedFor = useRef('');
  useEffect(() => {
    if (!v.accommodation_id) return;
    const key = `${v.accommodation_id}:${v.accommodation_room_id ?? '0'}`;
    if (proposedFor.current === key) return;
    proposedFor.current = key;
    void api
      .call(groupPaymentsApi.estimate, {
        params: { id: groupId },
        body: {
          accomodation_id: Number(v.accommodation_id),
          accomodation_room_id: Number(v.accommodation_room_id ?? 0),
        },
      })
      .then((r) => {
        if (r.estimated_cost === null) return;
        form.setFieldValue('estimated_cost', String(r.estimated_cost));
        form.setFieldValue('currency_type', r.currency);
        form.setFieldValue('currency_exchange_rate', '1');
        form.setFieldValue('per_person_basis', r.per_person_basis);
      })
      .catch(() => undefined);
  }, [v.accommodation_id, v.accommodation_room_id, groupId, form.setFieldValue]);

  const assigned = numberText(v.invoice_asigned_amount);
  const tooMuch =
    chosenInvoice &&
    assigned !== '' &&
    amount(assigned) &&
    new Decimal(assigned).greaterThan(chosenInvoice.invoice_amount)
      ? INVOICE_MESSAGES.assignedLessThan(new Decimal(chosenInvoice.invoice_amount).toFixed(2))
      : null;

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: revenueKey });
    void queryClient.invalidateQueries({ queryKey: keys.invoices.all });
    void queryClient.invalidateQueries({ queryKey: keys.audit.all });
  };
  const resetForm = () => {
    setEditing(null);
    proposedFor.current = '';
    form.setValues(EMPTY);
    form.resetDirty(EMPTY);
  };

  const submit = useFormSubmit(
    form,
    (values: PaymentFormValues) =>
      api.call(groupPaymentsApi.save, {
        params: { id: groupId },
        body: {
          flag: editing ? 'edit' : 'add',
          tour_group_payment_id: editing?.tour_group_payment_id,
          payment_for: Number(values.payment_for) as 1 | 2,
          supplier_id: values.payment_for === '1' ? (values.supplier_id ?? '') : '',
          tour_manager_id: values.payment_for === '2' ? (values.tour_manager_id ?? '') : '',
          service_type_id: values.service_type_id ?? '',
          accommodation_id: values.accommodation_id ?? '',
          accommodation_room_id: values.accommodation_id ? (values.accommodation_room_id ?? '0') : '',
          estimated_cost: numberText(values.estimated_cost),
          currency_type: values.currency_type as 'Sterling',
          currency_exchange_rate: values.currency_exchange_rate,
          per_person_basis: values.per_person_basis,
          supplier_invoice_id: values.supplier_invoice_id ?? '',
          invoice_asigned_amount: values.supplier_invoice_id ? numberText(values.invoice_asigned_amount) : '',
        },
      }),
    {
      onSuccess: () => {
        resetForm();
        reload();
      },
    },
  );

  const remove = useNoticeMutation(
    (p: GroupPayment) =>
      api.call(groupPaymentsApi.delete, { params: { id: groupId, paymentId: p.tour_group_payment_id } }),
    {
      onSuccess: (_a, p) => {
        if (editing?.tour_group_payment_id === p.tour_group_payment_id) resetForm();
        reload();
      },
    },
  );

  const edit = (p: GroupPayment) => {
    setEditing(p);
    proposedFor.current = `${p.accommodation_id ?? ''}:${p.accommodation_room_id ?? '0'}`;
    form.setValues({
      payment_for: p.payment_for === 2 ? '2' : '1',
      supplier_id: p.group_supplier ? String(p.group_supplier.id) : null,
      tour_manager_id: p.tour_manager ? String(p.tour_manager.id) : null,
      service_type_id: p.service_type_id ? String(p.service_type_id) : null,
      accommodation_id: p.accommodation_id ? String(p.accommodation_id) : null,
      accommodation_room_id: p.accommodation_id ? String(p.accommodation_room_id ?? 0) : null,
      estimated_cost: p.estimated_cost ? String(p.estimated_cost) : '',
      currency_type: p.currency_type,
      currency_exchange_rate: p.currency_exchange_rate,
      per_person_basis: p.per_person_basis,
      supplier_invoice_id: p.supplier_invoice ? String(p.supplier_invoice.id) : null,
      invoice_asigned_amount: p.invoice_asigned_amount ? String(p.invoice_asigned_amount) : '',
    });
  };

  const r = revenue.data;
  const lists = group.data;
  return (
    <Section
      title="Suppliers, Services & Payments"
      defaultOpen={defaultOpen}
      meta={
        r ? (
          <Text size="sm" c="dimmed">
            Tour profit {formatMoney(r.tour_profit)}
          </Text>
        ) : undefined
      }
    >
      <Stack gap="md">
        {revenue.isError && <QueryProblem query={revenue} what="revenue" />}
        {r && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Gross revenue" value={formatMoney(r.gross_revenue)} />
            <Figure label="Cancellation revenue" value={formatMoney(r.cancellation_revenue)} />
            <Figure label="Supplier costs" value={formatMoney(r.supplier_costs)} />
            <Figure label="Tour profit" value={formatMoney(r.tour_profit)} strong />
          </SimpleGrid>
        )}
        {mayEdit && lists && (
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="sm">
              {editing ? 'Edit payment' : 'Add payment'}
            </Title>
            <form onSubmit={submit.onSubmit} noValidate>
              <Stack gap="sm">
                <SegmentedControl
                  aria-label="Payment for"
                  data={[
                    { value: '1', label: 'Supplier' },
                    { value: '2', label: 'Tour Manager' },
                  ]}
                  value={v.payment_for}
                  onChange={(value) => {
                    form.setValues({
                      payment_for: value as '1' | '2',
                      supplier_id: null,
                      tour_manager_id: null,
                      accommodation_id: null,
                      accommodation_room_id: null,
                      supplier_invoice_id: null,
                      invoice_asigned_amount: '',
                    });
                  }}
                  w="fit-content"
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
                  {v.payment_for === '1' ? (
                    <Select
                      label="Supplier"
                      required
                      searchable
                      data={lists.suppliers.map((s) => ({ value: String(s.id), label: s.supplier_name }))}
                      {...form.getInputProps('supplier_id')}
                      onChange={(value) =>
                        form.setValues({
                          supplier_id: value,
                          accommodation_id: null,
                          accommodation_room_id: null,
                          supplier_invoice_id: null,
                          invoice_asigned_amount: '',
                        })
                      }
                    />
                  ) : (
                    <Select
                      label="Tour manager"
                      required
                      searchable
                      data={lists.tour_managers.map((m) => ({
                        value: String(m.id),
                        label: `${m.firstname} ${m.lastname}`,
                      }))}
                      {...form.getInputProps('tour_manager_id')}
                      onChange={(value) =>
                        form.setValues({
                          tour_manager_id: value,
                          supplier_invoice_id: null,
                          invoice_asigned_amount: '',
                        })
                      }
                    />
                  )}
                  <Select
                    label="Service type"
                    clearable
                    data={lists.servicesTypes.map((s) => ({ value: String(s.id), label: s.service_name }))}
                    {...form.getInputProps('service_type_id')}
                  />
                  {v.payment_for === '1' ? (
                    <Select
                      label="Accommodation"
                      clearable
                      disabled={!v.supplier_id || accommodations.length === 0}
                      placeholder={
                        v.supplier_id && accommodations.length === 0 ? 'None for this supplier' : undefined
                      }
                      data={accommodations.map((a) => ({ value: String(a.id), label: a.accommodation_name }))}
                      {...form.getInputProps('accommodation_id')}
                      onChange={(value) =>
                        form.setValues({ accommodation_id: value, accommodation_room_id: value ? '0' : null })
                      }
                    />
                  ) : (
                    <div />
                  )}
                  {v.payment_for === '1' && v.accommodation_id ? (
                    <Select
                      label="Room"
                      allowDeselect={false}
                      data={[
                        { value: '0', label: 'All' },
                        ...rooms.map((room) => ({
                          value: String(room.id),
                          label: room.board_basis ? `${room.name} (${room.board_basis})` : room.name,
                        })),
                      ]}
                      {...form.getInputProps('accommodation_room_id')}
                    />
                  ) : null}
                  <NumberField
                    label="Estimated cost"
                    prefix={currencySymbol(v.currency_type)}
                    step={0.01}
                    thousandSeparator=","
                    {...form.getInputProps('estimated_cost')}
                  />
                  <Select
                    label="Estimate currency"
                    allowDeselect={false}
                    data={[...INVOICE_CURRENCIES]}
                    {...form.getInputProps('currency_type')}
                    onChange={(value) =>
                      form.setValues({
                        currency_type: value ?? 'Sterling',
                        currency_exchange_rate: value === 'Sterling' ? '1' : v.currency_exchange_rate,
                      })
                    }
                  />
                  <TextInput
                    label="Exchange rate"
                    description={
                      v.currency_type === 'Sterling'
                        ? 'Sterling needs no conversion'
                        : `${exchangeRateText(currencySymbol(v.currency_type), v.currency_exchange_rate)}: amount ÷ rate = pounds`
                    }
                    disabled={v.currency_type === 'Sterling'}
                    {...form.getInputProps('currency_exchange_rate')}
                  />
                  <Switch
                    label="Per person basis"
                    mt="lg"
                    {...form.getInputProps('per_person_basis', { type: 'checkbox' })}
                  />
                  <Select
                    label="Invoice"
                    clearable
                    disabled={!partyId}
                    placeholder={partyId && invoices.length === 0 ? 'No invoices' : 'Choose an invoice'}
                    data={invoices.map((i) => ({
                      value: String(i.id),
                      label: `${i.invoice_number} — ${inCurrency(i.invoice_amount, i.currency_type)} (left ${inCurrency(
                        i.left_to_link,
                        i.currency_type,
                      )})`,
                    }))}
                    {...form.getInputProps('supplier_invoice_id')}
                    onChange={(value) =>
                      form.setValues({
                        supplier_invoice_id: value,
                        invoice_asigned_amount: value ? v.invoice_asigned_amount : '',
                      })
                    }
                  />
                  <NumberField
                    label="Invoice amount assigned"
                    prefix={currencySymbol(chosenInvoice?.currency_type)}
                    step={0.01}
                    thousandSeparator=","
                    disabled={!chosenInvoice}
                    {...form.getInputProps('invoice_asigned_amount')}
                    error={tooMuch ?? form.errors.invoice_asigned_amount}
                  />
                </SimpleGrid>
              </Stack>
              <FormActions>
                {editing && (
                  <Button variant="default" onClick={resetForm}>
                    Cancel edit
                  </Button>
                )}
                <Button type="submit" disabled={submit.saving || tooMuch !== null}>
                  {submit.saving
                    ? editing
                      ? 'Updating...'
                      : 'Creating...'
                    : editing
                      ? 'Update payment'
                      : 'Add payment'}
                </Button>
              </FormActions>
            </form>
          </Paper>
        )}
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="Internal payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment for</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th>Accommodation</Table.Th>
                <Table.Th ta="right">Estimated cost</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th ta="right">Assigned</Table.Th>
                <Table.Th ta="right">Cost (£)</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r && r.internal_payments.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text size="sm" c="dimmed">
                      No payments yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {r?.internal_payments.map((p) => (
                <Table.Tr key={p.tour_group_payment_id}>
                  <Table.Td>
                    <Text size="sm">{p.party_name}</Text>
                    <Text size="xs" c="dimmed">
                      {p.payment_for === 2 ? 'Tour manager' : 'Supplier'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{p.service_name ?? '—'}</Table.Td>
                  <Table.Td>
                    {p.accommodation_name ? `${p.accommodation_name} — ${p.room_name}` : '—'}
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.estimated_cost ? (
                      <>
                        {inCurrency(p.estimated_cost, p.currency_type)}
                        {p.per_person_basis && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            pp × {r.passengers}
                          </Text>
                        )}
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>
                    {p.supplier_invoice ? (
                      <>
                        <Text size="sm">{p.supplier_invoice.invoice_number}</Text>
                        <Text size="xs" c="dimmed">
                          due {formatDate(p.supplier_invoice.payment_due_date)}
                        </Text>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {p.invoice_asigned_amount
                      ? inCurrency(p.invoice_asigned_amount, p.supplier_invoice?.currency_type)
                      : '—'}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(p.supplier_cost)}
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        onClick={() =>
                          void api
                            .call(groupPaymentsApi.download, {
                              params: { id: p.tour_group_payment_id },
                              fallbackName: 'Payment-Invoice.pdf',
                            })
                            .catch(() => undefined)
                        }
                      >
                        Invoice
                      </Anchor>
                      {mayEdit && (
                        <Anchor component="button" type="button" size="sm" onClick={() => edit(p)}>
                          Edit
                        </Anchor>
                      )}
                      {mayEdit && (
                        <ConfirmDeleteLink
                          confirmMessage={GROUP_PAYMENT_MESSAGES.confirmDelete}
                          onConfirm={() => remove.mutate(p)}
                          pending={
                            remove.isPending &&
                            remove.variables?.tour_group_payment_id === p.tour_group_payment_id
                          }
                          disabled={remove.isPending}
                          ariaLabel={`Delete payment of ${p.party_name}`}
                        />
                      )}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <AuditHistory scope="tour_group" id={groupId} title="Payments history" />
      </Stack>
    </Section>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md" bg={strong ? 'var(--mantine-color-blue-light)' : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Paper>
  );
}
