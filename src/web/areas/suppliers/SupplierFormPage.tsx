import { Grid, TextInput } from '@mantine/core';
import {
  type Supplier,
  type SupplierInput,
  supplierInput,
  suppliersApi,
} from '../../../shared/api/suppliers';
import { pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { type BankDetailsValues, ContactAndBankFields, emptyBankDetails } from '../../ui/BankDetailsFields';
import {
  EntityCreatePage,
  EntityEditPage,
  EntityFormFrame,
  type EntityFormProps,
  useEntityForm,
} from '../../ui/entity';
import { InvoicesSection } from '../invoices';

interface SupplierFormValues extends BankDetailsValues {
  supplier_name: string;
  contact_phone_number: string;
  email: string;
  mobile_number: string;
  address: string;
  nominal_code: string;
}

const toValues = (s?: Supplier): SupplierFormValues => ({
  supplier_name: s?.supplier_name ?? '',
  contact_phone_number: s?.contact_phone_number ?? '',
  email: s?.email ?? '',
  mobile_number: s?.mobile_number ?? '',
  address: s?.address ?? '',
  nominal_code: s?.nominal_code ?? '',
  ...emptyBankDetails(s),
});

const toInput = (v: SupplierFormValues): SupplierInput => v;

/** Create supplier (/suppliers/create, 'Create new supplier'); goes to the edit screen afterwards. */
export function SupplierCreatePage() {
  return (
    <EntityCreatePage
      title="Create new supplier"
      create={suppliersApi.create}
      invalidate={keys.suppliers.all}
      afterCreate={(answer) => pathTo('supplier-edit', { id: answer.data.id })}
      form={SupplierForm}
    />
  );
}

/** Supplier edit (/supplier/edit/{id}, route supplier-edit): 'Supplier: {name}'; update for role 1. */
export function SupplierEditPage() {
  return (
    <EntityEditPage
      label="supplier"
      load={suppliersApi.get}
      select={(answer) => answer.data}
      queryKey={keys.suppliers.one}
      invalidate={keys.suppliers.all}
      title={(supplier) => `Supplier: ${supplier.supplier_name}`}
      update={suppliersApi.update}
      form={SupplierForm}
    >
      {(supplier) => <InvoicesSection invoiceFor="supplier" partyId={supplier.id} />}
    </EntityEditPage>
  );
}

/** The supplier form (spec 2 §3 Supplier): contact details and bank details; validated with `supplierInput`. */
function SupplierForm({ mode, record, send, onSaved }: EntityFormProps<Supplier, SupplierInput>) {
  const entity = useEntityForm({
    schema: supplierInput,
    toValues,
    toInput,
    permission: { create: 'suppliers.create', update: 'suppliers.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create supplier', update: 'Update supplier' }}
      maw={960}
    >
      <ContactAndBankFields form={form}>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput label="Supplier name" required {...form.getInputProps('supplier_name')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput label="Nominal code" {...form.getInputProps('nominal_code')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="Contact phone number"
            type="tel"
            {...form.getInputProps('contact_phone_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput label="Mobile number" type="tel" {...form.getInputProps('mobile_number')} />
        </Grid.Col>
      </ContactAndBankFields>
    </EntityFormFrame>
  );
}
