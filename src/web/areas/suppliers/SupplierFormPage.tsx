import { Grid, Paper, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Supplier, type SupplierInput, supplierInput } from '../../../shared/api/suppliers';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
import { BankDetailsFields, type BankDetailsValues, emptyBankDetails } from './BankDetailsFields';

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
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Create new supplier" />
      <SupplierForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/suppliers', input)}
        onSaved={(answer) => navigate(pathTo('supplier-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/** Supplier edit (/supplier/edit/{id}, route supplier-edit): 'Supplier: {name}'; update for role 1. */
export function SupplierEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['supplier', id],
    queryFn: () => api.get<{ data: Supplier }>(`/suppliers/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="supplier">
      {(supplier) => (
        <>
          <PageHeader title={`Supplier: ${supplier.supplier_name}`} />
          <SupplierForm
            key={supplier.id}
            mode="update"
            supplier={supplier}
            send={(input) => api.post(`/suppliers/${id}`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['supplier', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function SupplierForm<A>({
  mode,
  supplier,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  supplier?: Supplier;
  send: (input: SupplierInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const mayCreate = useCan('suppliers.create');
  const mayUpdate = useCan('suppliers.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const form = useForm<SupplierFormValues>({
    initialValues: toValues(supplier),
    validate: zodValidate(supplierInput, toInput),
  });
  const { onSubmit, saving } = useFormSubmit(form, (v) => send(toInput(v)), { onSuccess: (a) => onSaved(a) });
  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h5" mb="xs">
            Contact details
          </Title>
          <Grid gap="md" rowGap="sm">
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
          </Grid>
          <Textarea
            label="Address"
            mt="sm"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('address')}
          />
          <BankDetailsFields form={form} />
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode={mode} saving={saving}>
              {mode === 'create' ? 'Create supplier' : 'Update supplier'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
