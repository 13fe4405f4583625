import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type BrochureRequestInput,
  brochureRequestInput,
  brochureRequestsApi,
} from '../../../shared/api/brochures';
import {
  addNoteInput,
  type Customer,
  type CustomerBooking,
  customersApi,
} from '../../../shared/api/customers';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { NumberField } from '../../ui/form';
import { Modal } from '../../ui/Modal';
import { Can } from '../../ui/permissions';
import { QueryProblem } from '../../ui/QueryProblem';
import {
  affiliateOptions,
  customerKeys,
  useActiveAffiliates,
  useActiveBrochures,
  useCustomerBookings,
  useCustomerBrochureRequests,
  useCustomerNotes,
} from './customer-api';

/** A titled panel of the customer edit screen. */
function Panel({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

/** Loading, error (with 'Try again') and loaded states of a panel's data. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending)
    return (
      <Group gap="xs" py="sm">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      </Group>
    );
  if (query.isError) return <QueryProblem query={query} />;
  return children(query.data);
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py="xs">
      {children}
    </Text>
  );
}

function BookingsTable({ rows, label, empty }: { rows: CustomerBooking[]; label: string; empty: string }) {
  const linkToBooking = implementedRoutes.has('booking-edit');
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Booking ref</Table.Th>
            <Table.Th>Departure date</Table.Th>
            <Table.Th>Date booked</Table.Th>
            <Table.Th>Status</Table.Th>
            {linkToBooking && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{b.booking_ref ?? b.old_booking_id ?? `#${b.id}`}</Table.Td>
              <Table.Td>{formatDate(b.departure_date)}</Table.Td>
              <Table.Td>{formatDate(b.created_at)}</Table.Td>
              <Table.Td>
                {b.status === 'Cancelled' || b.cancelled_at ? (
                  <Badge color="red" variant="light" size="sm">
                    {b.status}
                  </Badge>
                ) : (
                  b.status
                )}
              </Table.Td>
              {linkToBooking && (
                <Table.Td>
                  <Anchor component={Link} to={pathTo('booking-edit', { id: b.id })} size="sm">
                    View
                  </Anchor>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The customer's bookings (spec 2 §2 'a bookings table with links … a customer bookings table'):
 * current bookings, then those imported from the earlier system (ref: the old booking id when
 * there is no ref). A booking links to booking-edit once that screen exists.
 */
export function CustomerBookingsPanel({ customerId }: { customerId: number }) {
  const query = useCustomerBookings(customerId);
  return (
    <Panel title="Bookings">
      <Loaded query={query}>
        {(data) => (
          <Stack gap="lg">
            <BookingsTable rows={data.bookings} label="Bookings" empty="No bookings found." />
            <div>
              <Title order={3} size="h5" mb="xs">
                Old bookings
              </Title>
              <BookingsTable
                rows={data.old_bookings}
                label="Old bookings"
                empty="No bookings from the earlier system."
              />
            </div>
          </Stack>
        )}
      </Loaded>
    </Panel>
  );
}

/**
 * Notes on the customer (spec 2 §3 notes; spec 1 §7 customer-note/get-notes and add-note): date
 * DD/MM/YYYY, time, note and the staff member who wrote it; any signed-in staff member may add
 * one. Empty state 'No Notes Found' (spec 1 §8).
 */
export function CustomerNotesPanel({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const key = customerKeys.notes(customerId);
  const query = useCustomerNotes(customerId);
  const entity = useEntityForm({
    schema: addNoteInput,
    toValues: () => ({ comment: '' }),
    toInput: (v: { comment: string }) => ({ customer_id: customerId, comment: v.comment }),
    permission: 'customers.addNote',
    mode: 'create',
    send: (input) => api.call(customersApi.addNote, { body: input }),
    onSaved: (answer) => queryClient.setQueryData(key, answer.note_list),
    resetAfterCreate: true,
  });
  return (
    <Panel title="Notes">
      {entity.maySave && (
        <Box mb="md">
          <EntityFormFrame
            entity={entity}
            submitLabel="Add note"
            busyLabel="Adding..."
            bare
            label="Add a note"
          >
            <Textarea
              label="New note"
              placeholder="Write a note about this customer…"
              autosize
              minRows={2}
              maxRows={8}
              {...entity.form.getInputProps('comment')}
            />
          </EntityFormFrame>
        </Box>
      )}
      <Loaded query={query}>
        {(notes) =>
          notes.length === 0 ? (
            <Empty>No Notes Found</Empty>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped withTableBorder aria-label="Notes" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={110}>Date</Table.Th>
                    <Table.Th w={70}>Time</Table.Th>
                    <Table.Th>Note</Table.Th>
                    <Table.Th w={170}>Added by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {notes.map((n) => (
                    <Table.Tr key={n.id}>
                      <Table.Td>{formatDate(n.note_date)}</Table.Td>
                      <Table.Td>{n.note_time}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{n.note}</Table.Td>
                      <Table.Td>{n.admin?.name ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </Loaded>
    </Panel>
  );
}

interface RequestFormValues {
  brochure_id: string | null;
  affiliate_id: string | null;
  qty: number | string;
}

function RequestBrochureModal({
  customer,
  opened,
  onClose,
  onDone,
}: {
  customer: Customer;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const brochures = useActiveBrochures(opened);
  const affiliates = useActiveAffiliates();
  const entity = useEntityForm({
    schema: brochureRequestInput,
    toValues: (): RequestFormValues => ({
      brochure_id: null,
      affiliate_id: customer.affiliate_id ? String(customer.affiliate_id) : null,
      qty: 1,
    }),
    toInput: (v: RequestFormValues): BrochureRequestInput => ({
      customer_id: customer.id,
      brochure_id: v.brochure_id ? Number(v.brochure_id) : null,
      affiliate_id: v.affiliate_id ? Number(v.affiliate_id) : null,
      qty: v.qty,
    }),
    permission: 'brochureRequests.create',
    mode: 'create',
    send: (input) => api.call(brochureRequestsApi.create, { body: input }),
    onSaved: onDone,
    resetAfterCreate: true,
  });
  const { form } = entity;
  return (
    <Modal opened={opened} onClose={onClose} title="Request brochure" centered>
      <EntityFormFrame
        entity={entity}
        submitLabel="Request brochure"
        bare
        actions={
          <Button variant="default" onClick={onClose} disabled={entity.saving}>
            Cancel
          </Button>
        }
      >
        <Stack gap="sm">
          {brochures.isError && (
            <Alert color="red">The brochure list could not be loaded: {brochures.error.message}</Alert>
          )}
          <Select
            label="Brochure"
            required
            placeholder={brochures.isPending ? 'Loading…' : 'Choose a brochure'}
            data={(brochures.data ?? []).map((b) => ({ value: String(b.id), label: b.brochure_name }))}
            searchable
            nothingFoundMessage="No active brochure matches"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('brochure_id')}
          />
          <Select
            label="Affiliate"
            placeholder={affiliates.isError ? 'Affiliates unavailable' : 'No affiliate'}
            data={affiliateOptions(affiliates.data, {
              id: customer.affiliate_id,
              name: customer.affiliate_name,
            })}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('affiliate_id')}
          />
          <NumberField label="Quantity" required min={1} max={1000} w={140} {...form.getInputProps('qty')} />
        </Stack>
      </EntityFormFrame>
    </Modal>
  );
}

/**
 * The customer's brochure requests (spec 2 §2, §7 GET brochures/requests/by_customer): brochure,
 * quantity, sent yes/no, date requested; 'Request brochure' (role 1) orders one in a modal.
 */
export function CustomerBrochuresPanel({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const key = customerKeys.brochureRequests(customer.id);
  const query = useCustomerBrochureRequests(customer.id);
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Panel
      title="Brochure requests"
      actions={
        <Can permission="brochureRequests.create">
          <Button variant="light" onClick={open}>
            Request brochure
          </Button>
        </Can>
      }
    >
      <Loaded query={query}>
        {(rows) =>
          rows.length === 0 ? (
            <Empty>No brochure requests.</Empty>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped withTableBorder aria-label="Brochure requests">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Brochure</Table.Th>
                    <Table.Th w={70} ta="right">
                      Qty
                    </Table.Th>
                    <Table.Th w={70}>Sent</Table.Th>
                    <Table.Th w={120}>Requested</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.brochure_name}</Table.Td>
                      <Table.Td ta="right">{r.qty}</Table.Td>
                      <Table.Td>{r.sent ? 'Yes' : 'No'}</Table.Td>
                      <Table.Td>{formatDate(r.created_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </Loaded>
      {opened && (
        <RequestBrochureModal
          customer={customer}
          opened={opened}
          onClose={close}
          onDone={() => {
            close();
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </Panel>
  );
}
