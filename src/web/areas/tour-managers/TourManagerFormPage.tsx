import { Grid, TextInput } from '@mantine/core';
import {
  type TourManager,
  type TourManagerInput,
  tourManagerInput,
  tourManagersApi,
} from '../../../shared/api/tour-managers';
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
  return (
    <EntityCreatePage
      title="New tour manager"
      create={tourManagersApi.create}
      invalidate={keys.tourManagers.all}
      afterCreate={(answer) => pathTo('edit-tour-manager', { id: answer.data.id })}
      form={TourManagerForm}
    />
  );
}

/** Tour manager edit (/tour-manager/edit/{id}): the manager's fields; Update for role 1 only. */
export function TourManagerEditPage() {
  return (
    <EntityEditPage
      label="tour manager"
      load={tourManagersApi.get}
      select={(answer) => answer.data}
      queryKey={keys.tourManagers.one}
      invalidate={keys.tourManagers.all}
      title={(manager) => `Tour Manager: ${manager.firstname} ${manager.lastname}`}
      update={tourManagersApi.update}
      form={TourManagerForm}
    >
      {(manager) => <InvoicesSection invoiceFor="tour_manager" partyId={manager.id} />}
    </EntityEditPage>
  );
}

/** The tour manager form (spec 2 §3 Tour manager, §5); validated with `tourManagerInput`. */
function TourManagerForm({ mode, record, send, onSaved }: EntityFormProps<TourManager, TourManagerInput>) {
  const entity = useEntityForm({
    schema: tourManagerInput,
    toValues,
    toInput,
    permission: { create: 'tourManagers.create', update: 'tourManagers.update' },
    mode,
    record,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame
      entity={entity}
      submitLabel={{ create: 'Create Tour Manager', update: 'Update' }}
      maw={960}
    >
      <ContactAndBankFields form={form}>
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
      </ContactAndBankFields>
    </EntityFormFrame>
  );
}
