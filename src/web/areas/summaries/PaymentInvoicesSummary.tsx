import { Anchor, Paper, Select, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type PaymentInvoiceRow,
  SUMMARY_FOR,
  type SummaryFor,
  summariesApi,
} from '../../../shared/api/summaries';
import { moneyText } from '../../../shared/money-text';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { formatDate } from '../../lib/format';
import { type DateRange, DateRangeFilter, emptyRange, rangeParams } from '../../ui/DateRangeFilter';
import { ListFilters } from '../../ui/entity-list';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { RowActions } from '../../ui/RowActions';
import { ServerTable, type ServerTableColumn } from '../../ui/ServerTable';
import { AdvertPaymentModal, AdvertProductsModal, usePreData } from '../affiliates';
import { RecordPaymentModal } from '../invoices';
import {
  type CurrencyTotal,
  CurrencyTotals,
  SearchButtons,
  SUMMARY_DEFAULT_PAGE,
  SUMMARY_PAGE_SIZES,
} from './summary-kit';

const TYPE_LABELS: Record<SummaryFor, string> = {
  supplier: 'Supplier',
  tour_manager: 'Tour manager',
  affiliate: 'Affiliate',
};

/** The party's name and its edit screen. */
function party(row: PaymentInvoiceRow): { name: string; to: string } {
  const o = row.summary_for_object;
  if (row.summary_for === 'supplier')
    return { name: o.supplier_name ?? '', to: pathTo('supplier-edit', { id: o.id }) };
  if (row.summary_for === 'tour_manager')
    return {
      name: `${o.firstname ?? ''} ${o.lastname ?? ''}`.trim(),
      to: pathTo('edit-tour-manager', { id: o.id }),
    };
  return { name: o.name ?? '', to: pathTo('affiliate-edit', { id: o.id }) };
}

type Open =
  | { kind: 'products'; row: PaymentInvoiceRow }
  | { kind: 'advert-payment'; row: PaymentInvoiceRow }
  | { kind: 'invoice-payment'; row: PaymentInvoiceRow }
  | null;

/**
 * Payment Invoices (spec 2 §2 Summaries): summary type (supplier by default, tour manager,
 * affiliate), an optional party and the payment due range (sent only when both ends are set),
 * applied with Search. Columns: party (link), invoice number ('-' when none), payment due date,
 * total and due (bold). Actions: supplier and tour manager → Payment (record payments); affiliate →
 * Product (the products modal) and Payment (the payment details modal). The table reloads after a
 * payment or a product is saved. Issue #22 point 12b: an 'Outstanding only' switch (applies at once)
 * and, under the table, the totals of every row found per currency.
 */
export function PaymentInvoicesSummary() {
  const preData = usePreData();
  const [type, setType] = useState<SummaryFor>('supplier');
  const [partyId, setPartyId] = useState<string | null>(null);
  const [due, setDue] = useState<DateRange>(emptyRange);
  const [applied, setApplied] = useState<Record<string, string>>({ summary_for: 'supplier' });
  const [open, setOpen] = useState<Open>(null);
  // Outstanding only applies at once (a switch), the other filters with Search.
  const [outstandingOnly, setOutstandingOnly] = useState(false);
  const queryClient = useQueryClient();

  const parties =
    type === 'supplier'
      ? (preData.data?.suppliers ?? []).map((p) => ({ value: String(p.id), label: p.supplier_name }))
      : type === 'tour_manager'
        ? (preData.data?.tour_managers ?? []).map((p) => ({
            value: String(p.id),
            label: `${p.firstname} ${p.lastname}`,
          }))
        : (preData.data?.affiliates ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  const search = () =>
    setApplied({
      summary_for: type,
      ...(partyId ? { summary_for_id: partyId } : {}),
      ...rangeParams(due, 'due_date_start', 'due_date_end'),
    });

  const columns: ServerTableColumn<PaymentInvoiceRow>[] = [
    {
      accessor: 'summary_for_object',
      title: TYPE_LABELS[(applied.summary_for as SummaryFor) ?? 'supplier'],
      sortable: true,
      render: (r) => {
        const p = party(r);
        return <RouterAnchor to={p.to}>{p.name}</RouterAnchor>;
      },
    },
    {
      accessor: 'invoice_number',
      title: 'Invoice number',
      sortable: true,
      render: (r) => r.invoice_number ?? '-',
    },
    {
      accessor: 'payment_due_date',
      title: 'Payment due date',
      sortable: true,
      render: (r) => formatDate(r.payment_due_date),
    },
    {
      accessor: 'invoice_amount',
      title: 'Total',
      sortable: true,
      textAlign: 'right',
      render: (r) => moneyText(r.invoice_amount, r.currency_type),
    },
    {
      accessor: 'due_amount',
      title: 'Due',
      sortable: true,
      textAlign: 'right',
      render: (r) => (
        <Text size="sm" fw={700}>
          {moneyText(r.due_amount, r.currency_type)}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      render: (r) => (
        <RowActions>
          {r.summary_for === 'affiliate' ? (
            <>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setOpen({ kind: 'products', row: r })}
              >
                Product
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setOpen({ kind: 'advert-payment', row: r })}
              >
                Payment
              </Anchor>
            </>
          ) : (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setOpen({ kind: 'invoice-payment', row: r })}
            >
              Payment
            </Anchor>
          )}
        </RowActions>
      ),
    },
  ];

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters>
        <Select
          label="Summary type"
          data={SUMMARY_FOR.map((v) => ({ value: v, label: TYPE_LABELS[v] }))}
          value={type}
          allowDeselect={false}
          onChange={(v) => {
            setType((v as SummaryFor) ?? 'supplier');
            setPartyId(null);
          }}
          w={170}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={TYPE_LABELS[type]}
          placeholder="All"
          searchable
          clearable
          data={parties}
          value={partyId}
          onChange={setPartyId}
          w={240}
          comboboxProps={{ withinPortal: true }}
        />
        <DateRangeFilter label="Payment due date" value={due} onChange={setDue} />
        <SearchButtons onSearch={search} />
        <Switch
          label="Outstanding only"
          checked={outstandingOnly}
          onChange={(e) => setOutstandingOnly(e.currentTarget.checked)}
          mb={8}
        />
      </ListFilters>
      <ServerTable<PaymentInvoiceRow>
        label="Payment invoices"
        endpoint={summariesApi.paymentInvoices}
        queryKeyPrefix={keys.summaries.all}
        columns={columns}
        filters={outstandingOnly ? { ...applied, outstanding_only: '1' } : applied}
        pageSizes={SUMMARY_PAGE_SIZES}
        defaultPageSize={SUMMARY_DEFAULT_PAGE}
        emptyText="No invoices found"
        footer={(answer) => <CurrencyTotals totals={(answer.totals as CurrencyTotal[] | undefined) ?? []} />}
      />
      {open?.kind === 'products' && open.row.advertisement_id && (
        <AdvertProductsModal
          affiliateId={open.row.summary_for_object.id}
          advertId={open.row.advertisement_id}
          opened
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'advert-payment' && open.row.advertisement_id && (
        <AdvertPaymentModal
          advertId={open.row.advertisement_id}
          details={open.row.modal_payment_details}
          title={`${party(open.row).name} / ${open.row.invoice_number ?? 'Advertisement'}`}
          opened
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'invoice-payment' && open.row.invoice_id && open.row.summary_for !== 'affiliate' && (
        <RecordPaymentModal
          invoiceFor={open.row.summary_for}
          partyId={open.row.summary_for_object.id}
          invoiceId={open.row.invoice_id}
          opened
          onClose={() => setOpen(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: keys.summaries.all })}
        />
      )}
    </Paper>
  );
}
