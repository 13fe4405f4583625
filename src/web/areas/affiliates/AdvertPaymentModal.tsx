import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ADVERT_PAYMENT_MODES, advertPaymentInput, advertsApi } from '../../../shared/api/adverts';
import type { PaymentInvoiceRow } from '../../../shared/api/summaries';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { FieldGrid, FormActions, MoneyInput, numberText, SaveButton, useFormSubmit } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
import { useReloadAdverts } from './advert-data';

type Details = NonNullable<PaymentInvoiceRow['modal_payment_details']>;

interface PaymentValues {
  invoice_number: string;
  invoice_amount: string | number;
  invoice_due_date: string | null;
  payment_mode: string | null;
  payment_mode_number: string;
  payment_date: string | null;
  payment_amount: string | number;
}

const toValues = (d: Details | null): PaymentValues => ({
  invoice_number: d?.invoice_number ?? '',
  invoice_amount: d?.invoice_amount ?? '',
  invoice_due_date: d?.invoice_due_date ?? null,
  payment_mode: d?.payment_mode ?? null,
  payment_mode_number: d?.payment_mode_number ?? '',
  payment_date: d?.payment_date ?? null,
  payment_amount: d?.payment_amount ?? '',
});

/**
 * The advertisement payment details modal (spec 2 §2 Summaries: invoice_number, invoice_amount,
 * invoice_due_date, payment_mode, payment_mode_number, payment_date, payment_amount; §5: the amount
 * is required). Saves through update-payment-details; the summaries reload after a save. Read-only
 * for a role that may not save.
 */
export function AdvertPaymentModal({
  advertId,
  details,
  title,
  opened,
  onClose,
}: {
  advertId: number;
  details: Details | null;
  title: string;
  opened: boolean;
  onClose: () => void;
}) {
  const maySave = useCan('adverts.payment');
  const reload = useReloadAdverts();
  const toInput = (v: PaymentValues) => ({
    advertisement_id: advertId,
    invoice_number: v.invoice_number,
    invoice_amount: numberText(v.invoice_amount),
    invoice_due_date: v.invoice_due_date ?? '',
    payment_mode: v.payment_mode ?? '',
    payment_mode_number: v.payment_mode_number,
    payment_date: v.payment_date ?? '',
    payment_amount: numberText(v.payment_amount),
  });
  const form = useForm<PaymentValues>({
    initialValues: toValues(details),
    validate: zodValidate(advertPaymentInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v: PaymentValues) => api.call(advertsApi.paymentDetails, { body: toInput(v) }),
    {
      onSuccess: () => {
        void reload();
        onClose();
      },
    },
  );
  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={title}>
      <form onSubmit={onSubmit} noValidate aria-label="Payment details">
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <FieldGrid>
            <TextInput label="Invoice number" {...form.getInputProps('invoice_number')} />
            <MoneyInput label="Invoice amount" {...form.getInputProps('invoice_amount')} />
            <DateField label="Invoice due date" {...form.getInputProps('invoice_due_date')} />
            <Select
              label="Payment mode"
              clearable
              data={[...ADVERT_PAYMENT_MODES]}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('payment_mode')}
            />
            <TextInput label="Payment number" {...form.getInputProps('payment_mode_number')} />
            <DateField label="Payment date" {...form.getInputProps('payment_date')} />
            <MoneyInput label="Payment amount" required {...form.getInputProps('payment_amount')} />
          </FieldGrid>
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode="update" saving={saving}>
              Update payment details
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Modal>
  );
}
