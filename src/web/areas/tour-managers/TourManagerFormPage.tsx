import { Grid, Paper, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type TourManager, type TourManagerInput, tourManagerInput } from '../../../shared/api/tour-managers';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { FormActions, SaveButton, useFormSubmit } from '../../ui/form';
import { PageHeader } from '../../ui/PageHeader';
import { useCan } from '../../ui/permissions';
import { zodValidate } from '../../ui/zod-validate';
import { BankDetailsFields, type BankDetailsValues, emptyBankDetails } from '../suppliers/BankDetailsFields';

interface TourManagerFormValues extends BankDetailsValues {
  firstname: string;
  lastname: string;
  email: string;
  mobile_number: string;
  telephone_number: string;
  address: string;
}

const toValues = (m?: TourManager): TourManagerFormValues => ({
  firstname: m?.firstname ?? '',
  lastname: m?.lastname ?? '',
  email: m?.email ?? '',
  mobile_number: m?.mobile_number ?? '',
  telephone_number: m?.telephone_number ?? '',
  address: m?.address ?? '',
  ...emptyBankDetails(m),
});

const toInput = (v: TourManagerFormValues): TourManagerInput => v;

/** New tour manager (/tour-manager/create, role 1); goes to the edit screen afterwards. */
export function TourManagerCreatePage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New tour manager" />
      <TourManagerForm
        mode="create"
        send={(input) => api.post<{ data: { id: number } }>('/tour-managers/create', input)}
        onSaved={(answer) => navigate(pathTo('edit-tour-manager', { id: answer.data.id }))}
      />
    </>
  );
}

/** Tour manager edit (/tour-manager/edit/{id}): the manager's fields; Update for role 1 only. */
export function TourManagerEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['tour-manager', id],
    queryFn: () => api.get<{ data: TourManager }>(`/tour-managers/${id}/manager`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="tour manager">
      {(manager) => (
        <>
          <PageHeader title={`Tour Manager: ${manager.firstname} ${manager.lastname}`} />
          <TourManagerForm
            key={manager.id}
            mode="update"
            manager={manager}
            send={(input) => api.post(`/tour-managers/${id}/update`, input)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: ['tour-manager', id] })}
          />
        </>
      )}
    </EntityLoader>
  );
}

function TourManagerForm<A>({
  mode,
  manager,
  send,
  onSaved,
}: {
  mode: 'create' | 'update';
  manager?: TourManager;
  send: (input: TourManagerInput) => Promise<A>;
  onSaved: (answer: A) => void;
}) {
  const mayCreate = useCan('tourManagers.create');
  const mayUpdate = useCan('tourManagers.update');
  const maySave = mode === 'create' ? mayCreate : mayUpdate;
  const form = useForm<TourManagerFormValues>({
    initialValues: toValues(manager),
    validate: zodValidate(tourManagerInput, toInput),
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
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="First name" required {...form.getInputProps('firstname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Last name" required {...form.getInputProps('lastname')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput label="Mobile number" type="tel" required {...form.getInputProps('mobile_number')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput
                label="Telephone number"
                type="tel"
                required
                {...form.getInputProps('telephone_number')}
              />
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
              {mode === 'create' ? 'Create Tour Manager' : 'Update'}
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}
