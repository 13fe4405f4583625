import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  INVOICE_MESSAGES,
  type InvoiceFor,
  type InvoiceRow,
  invoicesApi,
} from '../../../shared/api/invoices';
import { currencySymbol, exchangeRateText, moneyText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { formatDate, formatMoney } from '../../lib/format';
import { AuditHistory } from '../../ui/AuditHistory';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { ConfirmDeleteLink, RowActions } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { InvoiceForm, useInvoiceForm } from './InvoiceForm';
import { LinkTourModal } from './LinkTourModal';
import { RecordPaymentModal } from './RecordPaymentModal';

/** Spec 2 §9: invoice table page sizes. */
const PAGE_SIZES = [10, 20, 40, 80, 100, 500];

/**
 * The Invoices section of the supplier, tour-manager and affiliate screens (spec 2 §2 'Invoices
 * section', §4, §5, §9): the invoice form (InvoiceForm, role 1), the server-side
 * invoices table (10 a page, sorted on the invoice date descending) with Edit, Delete, Payment and
 * Link Tour, the record payment and link tour modals, the `downloadInvoice` and `handlePayment`
 * query parameters (an invoice id each), and the party's History.
 */
export function InvoicesSection({ invoiceFor, partyId }: { invoiceFor: InvoiceFor; partyId: number }) {
  const mayEdit = useCan('invoices.save');
  const mayLink = useCan('invoices.link') && invoiceFor !== 'affiliate';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<InvoiceRow | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const [linking, setLinking] = useState<InvoiceRow | null>(null);
  const [params, setParams] = useSearchParams();
  const formRef = useRef<HTMLDivElement>(null);
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: keys.invoices.all });
    void queryClient.invalidateQueries({ queryKey: keys.audit.all });
  };

  // ?downloadInvoice={id}: download on load; ?handlePayment={id}: open the payment modal after 1 s (spec 2 §9).
  const downloadParam = Number(params.get('downloadInvoice'));
  const paymentParam = Number(params.get('handlePayment'));
  const downloaded = useRef(0);
  useEffect(() => {
    if (downloadParam > 0 && downloaded.current !== downloadParam) {
      downloaded.current = downloadParam;
      void api.call(invoicesApi.download, { params: { id: downloadParam } }).catch(() => undefined);
    }
  }, [downloadParam]);
  useEffect(() => {
    if (!(paymentParam > 0)) return undefined;
    const timer = setTimeout(() => setPaying(paymentParam), 1000);
    return () => clearTimeout(timer);
  }, [paymentParam]);

  const invoiceForm = useInvoiceForm({
    invoiceFor,
    partyId,
    editing,
    onSaved: () => {
      setEditing(null);
      reload();
    },
  });

  const remove = useNoticeMutation(
    (row: InvoiceRow) =>
      api.call(invoicesApi.delete, {
        params: { id: partyId, invoiceId: row.id },
        body: { invoice_for: invoiceFor },
      }),
    { onSuccess: reload },
  );

  const edit = (row: InvoiceRow) => {
    setEditing(row);
    invoiceForm.edit(row);
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };

  // Issue #22 point 9: at 1366 px the table fits beside the menu with its actions in view — the
  // invoice's file sits under its number and the currency and rate under the amount (the symbol
  // says the currency), and the actions wrap rather than push the table wider.
  const columns: ServerTableColumn<InvoiceRow>[] = [
    {
      accessor: 'invoice_number',
      title: 'Invoice number',
      sortable: true,
      render: (r) => (
        <Stack gap={0} align="flex-start">
          <Text size="sm">{r.invoice_number}</Text>
          {r.payment_invoice_name && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              ta="left"
              style={{ wordBreak: 'break-word' }}
              aria-label={`Download ${r.payment_invoice_name}`}
              onClick={() => void api.call(invoicesApi.download, { params: { id: r.id } })}
            >
              {r.payment_invoice_name}
            </Anchor>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'invoice_amount',
      title: 'Amount',
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {moneyText(r.invoice_amount, r.currency_type)}
          </Text>
          {r.currency_type !== 'Sterling' && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.converted_amount)} at{' '}
              {exchangeRateText(currencySymbol(r.currency_type), r.currency_exchange_rate)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'invoice_date',
      title: 'Invoice date',
      sortable: true,
      render: (r) => formatDate(r.invoice_date),
    },
    {
      accessor: 'invoice_due_date',
      title: 'Due date',
      sortable: true,
      render: (r) => formatDate(r.invoice_due_date),
    },
    {
      accessor: 'invoice_use',
      title: 'Invoice Use',
      render: (r) =>
        invoiceFor === 'supplier' ? (
          r.internal_payments.length === 0 ? (
            'N/A'
          ) : (
            <Stack gap={2}>
              {r.internal_payments.map((g) => (
                <Anchor
                  key={g.tour_group_payment_id}
                  component={Link}
                  to={pathTo('tour-group', { id: g.tour_group_id })}
                  size="sm"
                  title={g.tour_ref_name}
                  aria-label={`${g.tour_ref_name} ${formatDate(g.start_date)}: ${moneyText(g.invoice_amount, r.currency_type)}`}
                >
                  {formatDate(g.start_date)} · {moneyText(g.invoice_amount, r.currency_type)}
                </Anchor>
              ))}
            </Stack>
          )
        ) : (
          <Badge variant="light" color={r.invoice_use === 'Not linked' ? 'gray' : 'blue'}>
            {r.invoice_use}
          </Badge>
        ),
    },
    {
      accessor: 'total_paid',
      title: 'Paid',
      sortable: true,
      textAlign: 'right',
      render: (r) => moneyText(r.total_paid, r.currency_type),
    },
    {
      accessor: 'outstanding',
      title: 'Outstanding',
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Text fw={700} size="sm">
          {moneyText(r.outstanding, r.currency_type)}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      render: (r) => (
        <RowActions>
          {mayEdit && (
            <Anchor component="button" type="button" size="sm" onClick={() => edit(r)}>
              Edit
            </Anchor>
          )}
          {mayEdit && (
            <ConfirmDeleteLink
              confirmMessage={INVOICE_MESSAGES.confirmDelete}
              onConfirm={() => remove.mutate(r)}
              pending={remove.isPending && remove.variables?.id === r.id}
              disabled={remove.isPending}
              ariaLabel={`Delete invoice ${r.invoice_number}`}
            />
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => setPaying(r.id)}>
            Payment
          </Anchor>
          {mayLink && (
            <Anchor component="button" type="button" size="sm" onClick={() => setLinking(r)}>
              Link Tour
            </Anchor>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <Section title="Invoices" defaultOpen>
        <Stack gap="md">
          {mayEdit && (
            <InvoiceForm
              ref={formRef}
              entity={invoiceForm.entity}
              editing={editing}
              onCancelEdit={() => {
                setEditing(null);
                invoiceForm.cancelEdit();
              }}
            />
          )}
          <ServerTable<InvoiceRow>
            label="Invoices"
            endpoint={invoicesApi.table}
            queryKeyPrefix={keys.invoices.all}
            filters={{ invoice_for: invoiceFor, invoice_for_id: partyId }}
            columns={columns}
            pageSizes={PAGE_SIZES}
            defaultPageSize={10}
            defaultOrder={{ column: columns.findIndex((c) => c.accessor === 'invoice_date'), dir: 'desc' }}
            quickSearch
            searchPlaceholder="Search invoice number…"
            emptyText="No invoices yet"
          />
        </Stack>
      </Section>
      <AuditHistory scope={invoiceFor} id={partyId} />
      <RecordPaymentModal
        invoiceFor={invoiceFor}
        partyId={partyId}
        invoiceId={paying}
        opened={paying !== null}
        onClose={() => {
          setPaying(null);
          if (params.has('handlePayment')) {
            params.delete('handlePayment');
            setParams(params, { replace: true });
          }
        }}
        onSaved={reload}
      />
      <LinkTourModal
        invoiceFor={invoiceFor}
        partyId={partyId}
        invoice={linking}
        onClose={() => setLinking(null)}
        onLinked={() => {
          setLinking(null);
          reload();
          void queryClient.invalidateQueries({ queryKey: keys.groups.all });
        }}
      />
    </>
  );
}
