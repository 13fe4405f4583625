import { Badge, Button, Group, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Customer, CustomerInput } from '../../../shared/api/customers';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { EntityLoader } from '../../ui/EntityLoader';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { CustomerForm } from './CustomerForm';
import { CustomerBookingsPanel, CustomerBrochuresPanel, CustomerNotesPanel } from './CustomerSections';

/**
 * New customer (/customers/create, route create-new-customer, spec 2 §2): the customer form with
 * the address look-up; `?postcode=` fills the post code and starts a look-up. Afterwards the user
 * lands on the new customer's edit screen.
 */
export function CustomerCreatePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mayCreate = useCan('customers.create');
  return (
    <>
      <PageHeader title="New customer" />
      <CustomerForm
        mode="create"
        readOnly={!mayCreate}
        initialPostcode={params.get('postcode') ?? undefined}
        send={(input: CustomerInput) => api.post<{ data: { id: number } }>('/customers', input)}
        onSaved={(answer) => navigate(pathTo('customer-edit', { id: answer.data.id }))}
      />
    </>
  );
}

/**
 * Customer edit (/customers/edit/{id}, route customer-edit, spec 2 §2): heading 'Customer: {first}
 * {last}' with '(Blacklisted)' when flagged; the customer form ('Update customer', role 1 — read
 * only for other roles); bookings, notes and brochure requests; 'Create Booking' (role 1) once the
 * booking-create screen exists.
 */
export function CustomerEditPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const mayUpdate = useCan('customers.update');
  const query = useQuery({
    queryKey: ['customer', id],
    queryFn: () => api.get<{ data: Customer }>(`/customers/${id}`).then((r) => r.data),
  });
  return (
    <EntityLoader query={query} label="customer">
      {(customer) => (
        <>
          <PageHeader
            title={
              <Group gap="sm" component="span">
                <span>{`Customer: ${customer.first_name} ${customer.last_name}`}</span>
                {customer.is_blacklisted && (
                  <Badge color="red" variant="filled" size="lg" component="span">
                    (Blacklisted)
                  </Badge>
                )}
              </Group>
            }
            actions={
              implementedRoutes.has('booking-create') && (
                <Can permission="bookings.create">
                  <Button
                    component={Link}
                    to={pathTo('booking-create', undefined, { customer_id: customer.id })}
                  >
                    Create Booking
                  </Button>
                </Can>
              )
            }
          />
          <Stack gap="lg" maw={960}>
            <CustomerForm
              // A saved change (e.g. a normalised post code) reloads the form with the stored values.
              key={JSON.stringify(customer)}
              mode="update"
              customer={customer}
              readOnly={!mayUpdate}
              send={(input) => api.post(`/customers/${id}`, input)}
              onSaved={() => queryClient.invalidateQueries({ queryKey: ['customer', id], exact: true })}
            />
            <CustomerBookingsPanel customerId={customer.id} />
            <CustomerNotesPanel customerId={customer.id} />
            <CustomerBrochuresPanel customer={customer} />
          </Stack>
        </>
      )}
    </EntityLoader>
  );
}
