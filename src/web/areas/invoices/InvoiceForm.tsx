import { Button, FileInput, Paper, Select, TextInput, Title } from '@mantine/core';
import { type Ref, useEffect, useRef } from 'react';
import {
  INVOICE_CURRENCIES,
  type InvoiceFor,
  type InvoiceInput,
  type InvoiceRow,
  invoiceInput,
  invoicesApi,
} from '../../../shared/api/invoices';
import { currencySymbol, exchangeRateText } from '../../../shared/money-text';
import { api } from '../../api/client';
import { toApiDate } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { type EntityForm, useEntityForm } from '../../ui/entity';
import { FieldGrid, FormActions, NumberField, numberText, SaveButton } from '../../ui/form';

export interface InvoiceFormValues {
  currency_type: string;
  currency_exchange_rate: string;
  invoice_number: string;
  invoice_date: string | null;
  invoice_due_date: string | null;
  invoice_amount: string | number;
  file: File | null;
}

/** Spec 2 §4: a successful add resets the form to defaults (Sterling, rate 1). */
const DEFAULTS: InvoiceFormValues = {
  currency_type: 'Sterling',
  currency_exchange_rate: '1',
  invoice_number: '',
  invoice_date: null,
  invoice_due_date: null,
  invoice_amount: '',
  file: null,
};

/** '' and null are left out of the upload (spec 2 §5 'empty values are omitted'). */
const orUndefined = (v: string | null | undefined) => (v === '' || v === null ? undefined : v);

/**
 * The invoice form's state on the kit (`useEntityForm`, checked with the shared `invoiceInput`
 * before it is sent): add, or edit the `editing` invoice (`edit` fills the form with a row,
 * `cancelEdit` goes back to add). The rate in force on the invoice date is proposed when the
 * currency or the date changes (GET invoices/exchange-rate), never over an edited invoice's own rate.
 * `onSaved` runs after a successful save, once the form is back to its defaults.
 */
export function useInvoiceForm({
  invoiceFor,
  partyId,
  editing,
  onSaved,
}: {
  invoiceFor: InvoiceFor;
  partyId: number;
  editing: InvoiceRow | null;
  onSaved: () => void;
}) {
  const entity = useEntityForm({
    schema: invoiceInput,
    toValues: () => DEFAULTS,
    toInput: (values: InvoiceFormValues): InvoiceInput => ({
      flag: editing ? 'edit' : 'add',
      invoice_id: editing?.id,
      invoice_for: invoiceFor,
      currency_type: values.currency_type as InvoiceInput['currency_type'],
      currency_exchange_rate: orUndefined(values.currency_exchange_rate.trim()),
      invoice_number: orUndefined(values.invoice_number.trim()),
      invoice_date: orUndefined(values.invoice_date),
      invoice_due_date: orUndefined(values.invoice_due_date),
      invoice_amount: orUndefined(numberText(values.invoice_amount)),
    }),
    permission: 'invoices.save',
    mode: editing ? 'update' : 'create',
    // The PDF travels beside the fields (multipart), as it was chosen.
    send: (input): Promise<unknown> =>
      api.call(invoicesApi.save, {
        params: { id: partyId },
        body: { ...input, payment_invoice_file: form.getValues().file ?? undefined },
      }),
    onSaved: () => {
      proposedFor.current = '';
      form.setValues(DEFAULTS);
      form.resetDirty(DEFAULTS);
      onSaved();
    },
  });
  const { form } = entity;
  const v = form.values;

  // The rate in force on the invoice date is proposed when the currency or the date changes.
  const proposedFor = useRef('');
  useEffect(() => {
    if (v.currency_type === 'Sterling') {
      if (v.currency_exchange_rate !== '1') form.setFieldValue('currency_exchange_rate', '1');
      return;
    }
    const date = v.invoice_date ?? toApiDate(new Date());
    const key = `${v.currency_type}:${date}`;
    if (!date || proposedFor.current === key) return;
    proposedFor.current = key;
    void api
      .call(invoicesApi.exchangeRate, { query: { currency_type: v.currency_type as 'EUR', date } })
      .then((r) => {
        if (r.data.exchange_rate) form.setFieldValue('currency_exchange_rate', r.data.exchange_rate);
      })
      .catch(() => undefined);
  }, [v.currency_type, v.invoice_date, v.currency_exchange_rate, form.setFieldValue]);

  return {
    entity,
    /** Fills the form with an invoice of the table (its own rate kept). */
    edit: (row: InvoiceRow) => {
      proposedFor.current = `${row.currency_type}:${row.invoice_date}`;
      form.setValues({
        currency_type: row.currency_type,
        currency_exchange_rate: row.currency_exchange_rate,
        invoice_number: row.invoice_number,
        invoice_date: row.invoice_date,
        invoice_due_date: row.invoice_due_date,
        invoice_amount: String(row.invoice_amount),
        file: null,
      });
    },
    /** Back to a blank add form. */
    cancelEdit: () => form.setValues(DEFAULTS),
  };
}

/**
 * The invoice form (spec 2 §2 'Invoice form'; role 1): currency, exchange rate shown as
 * '£1 = €1.17' (amount ÷ rate = pounds), number, dates, amount and PDF; 'Add invoice' or
 * 'Update invoice' with 'Cancel edit'.
 */
export function InvoiceForm({
  entity,
  editing,
  onCancelEdit,
  ref,
}: {
  entity: EntityForm<InvoiceFormValues>;
  editing: InvoiceRow | null;
  onCancelEdit: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { form } = entity;
  const v = form.values;
  return (
    <Paper withBorder p="md" radius="md" ref={ref}>
      <Title order={3} size="h5" mb="sm">
        {editing ? `Edit invoice ${editing.invoice_number}` : 'Add invoice'}
      </Title>
      <form onSubmit={entity.onSubmit} noValidate>
        <FieldGrid cols={3}>
          <Select
            label="Currency"
            required
            allowDeselect={false}
            data={[...INVOICE_CURRENCIES]}
            {...form.getInputProps('currency_type')}
          />
          <TextInput
            label="Exchange rate"
            description={
              v.currency_type === 'Sterling'
                ? 'Sterling needs no conversion'
                : `${exchangeRateText(currencySymbol(v.currency_type), v.currency_exchange_rate)}: amount ÷ rate = pounds`
            }
            inputMode="decimal"
            disabled={v.currency_type === 'Sterling'}
            {...form.getInputProps('currency_exchange_rate')}
          />
          <TextInput label="Invoice number" required {...form.getInputProps('invoice_number')} />
          <DateField label="Invoice date" required {...form.getInputProps('invoice_date')} />
          <NumberField
            label="Total amount"
            required
            prefix={currencySymbol(v.currency_type)}
            step={0.01}
            thousandSeparator=","
            {...form.getInputProps('invoice_amount')}
          />
          <DateField label="Due date" required {...form.getInputProps('invoice_due_date')} />
          <FileInput
            label="Invoice PDF"
            accept="application/pdf,.pdf"
            placeholder={editing?.payment_invoice_name ?? 'Choose a PDF'}
            clearable
            {...form.getInputProps('file')}
            error={form.errors.file ?? form.errors.payment_invoice_file}
          />
        </FieldGrid>
        <FormActions>
          {editing && (
            <Button variant="default" onClick={onCancelEdit}>
              Cancel edit
            </Button>
          )}
          <SaveButton mode={entity.mode} saving={entity.saving}>
            {editing ? 'Update invoice' : 'Add invoice'}
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}
