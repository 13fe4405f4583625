import { Button, FileInput, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  ADVERT_GRAPHIC_FIELD,
  ADVERT_INVOICE_FIELD,
  ADVERT_PAYMENT_MODES,
  type AdvertRow,
  advertInput,
  advertsApi,
} from '../../../shared/api/adverts';
import { api } from '../../api/client';
import { DateField } from '../../ui/DateField';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, numberText } from '../../ui/form';

/** Largest upload the server accepts (10 MB). */
const MAX_BYTES = 10 * 1024 * 1024;

interface AdvertFormValues {
  size_id: string | null;
  placemenet_date: string | null;
  expiry_date: string | null;
  total_cost: string | number;
  submission_deadline_date: string | null;
  is_graphic_created: boolean;
  is_sent: boolean;
  graphic_file: File | null;
  invoice_number: string;
  invoice_amount: string | number;
  invoice_due_date: string | null;
  invoice_file: File | null;
  payment_mode: string | null;
  payment_mode_number: string;
  payment_date: string | null;
  payment_amount: string | number;
}

const toValues = (a?: AdvertRow): AdvertFormValues => ({
  size_id: a ? String(a.advertisement_size.size_id) : null,
  placemenet_date: a?.placemenet_date ?? null,
  expiry_date: a?.expiry_date ?? null,
  total_cost: a?.total_cost ?? '',
  submission_deadline_date: a?.submission_deadline_date ?? null,
  is_graphic_created: a?.is_graphic_created ?? false,
  is_sent: a?.is_sent ?? false,
  graphic_file: null,
  invoice_number: a?.invoice_number ?? '',
  invoice_amount: a?.invoice_amount ?? '',
  invoice_due_date: a?.invoice_due_date ?? null,
  invoice_file: null,
  payment_mode: a?.payment_mode ?? null,
  payment_mode_number: a?.payment_mode_number ?? '',
  payment_date: a?.payment_date ?? null,
  payment_amount: a?.payment_amount ?? '',
});

/** The multipart fields of POST affiliates/advertisement/{affiliateId}/submit; the files go as file parts. */
const toInput = (v: AdvertFormValues, advertId?: number) => ({
  advertisement_id: advertId ? String(advertId) : '',
  size_id: v.size_id ?? '',
  placemenet_date: v.placemenet_date ?? '',
  expiry_date: v.expiry_date ?? '',
  total_cost: numberText(v.total_cost),
  submission_deadline_date: v.submission_deadline_date ?? '',
  is_graphic_created: v.is_graphic_created ? 'true' : 'false',
  is_sent: v.is_sent ? 'true' : 'false',
  invoice_number: v.invoice_number,
  invoice_amount: numberText(v.invoice_amount),
  invoice_due_date: v.invoice_due_date ?? '',
  payment_mode: v.payment_mode ?? '',
  payment_mode_number: v.payment_mode_number,
  payment_date: v.payment_date ?? '',
  payment_amount: numberText(v.payment_amount),
  // The files travel as file parts (not validated by the schema; the server checks their bytes).
  [ADVERT_GRAPHIC_FIELD]: v.graphic_file ?? undefined,
  [ADVERT_INVOICE_FIELD]: v.invoice_file ?? undefined,
});

/** The browser's checks of the two files (the server checks their bytes too). */
const fileRules = (v: AdvertFormValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  const g = v.graphic_file;
  if (g && !g.type.startsWith('image/'))
    errors.graphic_file = 'The graphic must be an image (JPEG, PNG, GIF or WebP).';
  if (g && g.size > MAX_BYTES) errors.graphic_file = 'The file is too large (at most 10 MB).';
  const f = v.invoice_file;
  if (f && f.type !== 'application/pdf' && !/\.pdf$/i.test(f.name))
    errors.invoice_file = 'The invoice must be a PDF file.';
  if (f && f.size > MAX_BYTES) errors.invoice_file = 'The file is too large (at most 10 MB).';
  return errors;
};

/**
 * The advertisement form of the Advertisements tab (spec 2 §2, §5): size, placement and expiry dates
 * (required), cost, artwork deadline, Created and Sent switches, the image, the invoice's number,
 * amount, due date and PDF (.pdf only), and the payment's mode, number, date and amount. 'Create
 * Advert' / 'Update Advert' ('Creating...' / 'Updating...'); validated with the shared
 * `advertInput`. Only shown to a role that may save (role 1).
 */
export function AdvertForm({
  affiliateId,
  sizes,
  advert,
  onSaved,
  onCancel,
}: {
  affiliateId: number;
  sizes: { size_id: number; size_name: string }[];
  /** The advert being edited; a blank form creates one. */
  advert?: AdvertRow;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const mode = advert ? 'update' : 'create';
  const entity = useEntityForm({
    schema: advertInput,
    toValues,
    toInput: (v: AdvertFormValues) => toInput(v, advert?.advertisement_id),
    extraValidate: fileRules,
    permission: 'adverts.save',
    mode,
    record: advert,
    resetAfterCreate: true,
    send: (input) => api.call(advertsApi.submit, { params: { affiliateId }, body: input }),
    // A create resets the form (resetAfterCreate); an update is followed by the blank form too.
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      maw="100%"
      label={advert ? 'Edit advertisement' : 'New advertisement'}
      submitLabel={{ create: 'Create Advert', update: 'Update Advert' }}
      actions={
        advert && (
          <Button variant="default" onClick={onCancel}>
            Cancel edit
          </Button>
        )
      }
    >
      {advert && (
        <Text size="sm" fw={600} mb="xs">
          Editing the {advert.advertisement_size.size_name} advert placed{' '}
          {advert.placemenet_date.split('-').reverse().join('/')}
        </Text>
      )}
      <FieldGrid cols={4}>
        <Select
          label="Size"
          required
          placeholder="Choose a size"
          data={sizes.map((s) => ({ value: String(s.size_id), label: s.size_name }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('size_id')}
        />
        <DateField label="Placement date" required {...form.getInputProps('placemenet_date')} />
        <DateField label="Expiry date" required {...form.getInputProps('expiry_date')} />
        <MoneyInput label="Cost" {...form.getInputProps('total_cost')} />
        <DateField label="Artwork deadline" {...form.getInputProps('submission_deadline_date')} />
        <FileInput
          label="Image"
          placeholder={advert?.graphic_name ?? 'Choose an image'}
          accept="image/png,image/jpeg,image/gif,image/webp"
          clearable
          {...form.getInputProps('graphic_file')}
        />
        <Switch mt={30} label="Created" {...form.getInputProps('is_graphic_created', { type: 'checkbox' })} />
        <Switch mt={30} label="Sent" {...form.getInputProps('is_sent', { type: 'checkbox' })} />
        <TextInput label="Invoice number" {...form.getInputProps('invoice_number')} />
        <MoneyInput label="Invoice amount" {...form.getInputProps('invoice_amount')} />
        <DateField label="Due date" {...form.getInputProps('invoice_due_date')} />
        <FileInput
          label="Invoice PDF"
          placeholder={advert?.invoice_name ?? 'Choose a PDF'}
          accept=".pdf,application/pdf"
          clearable
          {...form.getInputProps('invoice_file')}
        />
        <Select
          label="Payment mode"
          placeholder="Choose"
          clearable
          data={[...ADVERT_PAYMENT_MODES]}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('payment_mode')}
        />
        <TextInput label="Payment number" {...form.getInputProps('payment_mode_number')} />
        <DateField label="Paid date" {...form.getInputProps('payment_date')} />
        <MoneyInput label="Paid amount" {...form.getInputProps('payment_amount')} />
      </FieldGrid>
    </EntityFormFrame>
  );
}
