import { Badge, Button, Group, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { type Customer, type CustomerInput, customersApi } from '../../../shared/api/customers';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { keys } from '../../api/query-keys';
import { EntityCreatePage, EntityEditPage, type EntityFormProps } from '../../ui/entity';
import { Can } from '../../ui/permissions';
import { CustomerForm } from './CustomerForm';
import { CustomerBookingsPanel, CustomerBrochuresPanel, CustomerNotesPanel } from './CustomerSections';
import { GdprPanel } from './gdpr/GdprPanel';
import { ReferralsPanel } from './referrals/ReferralsPanel';

/** The create form with `?postcode=` of the screen's address: it fills the post code and looks it up. */
function CustomerCreateForm(props: EntityFormProps<never, CustomerInput>) {
  const [params] = useSearchParams();
  return <CustomerForm {...props} initialPostcode={params.get('postcode') ?? undefined} />;
}

/** The edit form, remounted with the stored values after a save (e.g. a normalised post code). */
function CustomerEditForm(props: EntityFormProps<Customer, CustomerInput>) {
  return <CustomerForm key={JSON.stringify(props.record)} {...props} />;
}

/**
 * New customer (/customers/create, route create-new-customer, spec 2 §2): the customer form with
 * the address look-up; `?postcode=` fills the post code and starts a look-up. Afterwards the user
 * lands on the new customer's edit screen.
 */
export function CustomerCreatePage() {
  return (
    <EntityCreatePage
      title="New customer"
      create={customersApi.create}
      invalidate={keys.customers.all}
      afterCreate={(answer) => pathTo('customer-edit', { id: answer.data.id })}
      form={CustomerCreateForm}
    />
  );
}

/**
 * Customer edit (/customers/edit/{id}, route customer-edit, spec 2 §2): heading 'Customer: {first}
 * {last}' with '(Blacklisted)' when flagged; the customer form ('Update customer', role 1 — read
 * only for other roles); bookings, notes and brochure requests; 'Create Booking' (role 1) once the
 * booking-create screen exists.
 */
export function CustomerEditPage() {
  return (
    <EntityEditPage
      label="customer"
      load={customersApi.get}
      select={(answer) => answer.data}
      queryKey={keys.customers.one}
      invalidate={keys.customers.all}
      title={(customer) => (
        <Group gap="sm" component="span">
          <span>{`Customer: ${customer.first_name} ${customer.last_name}`}</span>
          {customer.is_blacklisted && (
            <Badge color="red" variant="filled" size="lg" component="span">
              (Blacklisted)
            </Badge>
          )}
        </Group>
      )}
      actions={(customer) =>
        implementedRoutes.has('booking-create') && (
          <Can permission="bookings.create">
            <Button component={Link} to={pathTo('booking-create', undefined, { customer_id: customer.id })}>
              Create Booking
            </Button>
          </Can>
        )
      }
      update={customersApi.update}
      form={CustomerEditForm}
    >
      {(customer) => (
        <Stack gap="lg" maw={960} mt="lg">
          <CustomerBookingsPanel customerId={customer.id} />
          <CustomerNotesPanel customerId={customer.id} />
          <CustomerBrochuresPanel customer={customer} />
          <ReferralsPanel customerId={customer.id} />
          <GdprPanel customerId={customer.id} />
        </Stack>
      )}
    </EntityEditPage>
  );
}
