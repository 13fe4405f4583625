import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { type GroupAccommodationAnswer, groupsApi } from '../../../shared/api/groups';
import type { GroupBookingRow } from '../../../shared/api/tour-catalogue';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate } from '../../lib/format';
import { confirmAction } from '../../ui/confirm';
import { Modal } from '../../ui/Modal';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { useCan } from '../../ui/permissions';
import { EmailTravelDocsButton } from './EmailTravelDocs';

/** Spec 3 §8, word for word. */
export const UPDATE_ACCOMMODATION_CONFIRM = 'Are you sure you want to update the accommodation?';
export const BULK_FAILED = 'An error occurred';

const refOf = (b: GroupBookingRow) =>
  b.booking_ref ?? (b.old_booking_id ? String(b.old_booking_id) : `#${b.id}`);

/**
 * Bookings of a group or instance (spec 3 §3 'Booking row in a group'): ref (old id when none),
 * airline ref, accommodation and room, customer or 'No customer attached to booking', date booked,
 * view. Cancelled bookings are struck through; bookings whose changes are not accepted show orange.
 * With `groupId` (the group screen, role 1) rows can be selected, cancelled ones excepted, for
 * 'Email travel docs to customer' (a background job, EmailTravelDocs.tsx) and 'Update Bulk
 * Accommodation'.
 */
export function BookingsTable({
  bookings,
  groupId,
  onUpdated,
}: {
  bookings: GroupBookingRow[];
  groupId?: number;
  onUpdated?: () => void;
}) {
  const mayBulk = useCan('groups.bulkAccommodation') && groupId !== undefined;
  const mayEmail = useCan('groups.emailTravelDocuments') && groupId !== undefined;
  const maySelect = mayBulk || mayEmail;
  const [selected, setSelected] = useState<GroupBookingRow[]>([]);
  const [modal, setModal] = useState<BulkModalData | null>(null);
  const canView = implementedRoutes.has('booking-edit');
  // Loads the modal: the answer carries no message, so only a refusal shows (titled BULK_FAILED).
  const openBulk = useNoticeMutation(
    (ids: number[]) =>
      api.call(groupsApi.bookingAccommodation, {
        params: { id: groupId as number },
        body: { selected_bookings: ids },
      }),
    { errorTitle: BULK_FAILED, onSuccess: (answer, ids) => setModal({ ...answer, booking_ids: ids }) },
  );
  const loading = openBulk.isPending;

  const columns: DataTableColumn<GroupBookingRow>[] = [
    {
      accessor: 'booking_ref',
      title: 'Booking ref',
      render: (b) => {
        const color = b.changes_accepted === 0 ? 'orange' : undefined;
        return canView ? (
          <Anchor component={Link} to={pathTo('booking-edit', { id: b.id })} size="sm" c={color}>
            {refOf(b)}
          </Anchor>
        ) : (
          <Text size="sm" c={color} fw={color ? 600 : undefined} span>
            {refOf(b)}
          </Text>
        );
      },
    },
    { accessor: 'airline_ref', title: 'Airline ref', render: (b) => b.airline_ref ?? '' },
    {
      accessor: 'room',
      title: 'Accommodation and room',
      render: (b) =>
        b.room
          ? `${b.room.accommodation} – ${b.room.name}${b.room.board_basis ? ` (${b.room.board_basis})` : ''}`
          : '',
    },
    {
      accessor: 'customer',
      title: 'Customer',
      render: (b) =>
        b.customer ? (
          <Anchor component={Link} to={pathTo('customer-edit', { id: b.customer.id })} size="sm">
            {b.customer.first_name} {b.customer.last_name}
          </Anchor>
        ) : (
          'No customer attached to booking'
        ),
    },
    { accessor: 'guests', title: 'Guests', textAlign: 'right' },
    {
      accessor: 'booking_status',
      title: 'Status',
      render: (b) => (b.cancelled_at ? 'Cancelled' : b.booking_status),
    },
    { accessor: 'created_at', title: 'Date booked', render: (b) => formatDate(b.created_at) },
    {
      accessor: 'view',
      title: '',
      render: (b) =>
        canView ? (
          <Anchor component={Link} to={pathTo('booking-edit', { id: b.id })} size="sm">
            View
          </Anchor>
        ) : null,
    },
  ];
  const tableProps = {
    'aria-label': 'Bookings',
    withTableBorder: true,
    borderRadius: 'sm',
    striped: true,
    highlightOnHover: true,
    minHeight: bookings.length ? undefined : 150,
    idAccessor: 'tour_booking_id',
    records: bookings,
    noRecordsText: 'No bookings yet',
    rowStyle: (b: GroupBookingRow) =>
      b.cancelled_at ? { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' } : undefined,
    columns,
  } as const;

  return (
    <Stack gap="sm">
      {maySelect && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {selected.length
              ? `${selected.length} selected`
              : 'Select bookings to email their travel documents or move them to another room.'}
          </Text>
          <Group gap="xs">
            {mayEmail && (
              <EmailTravelDocsButton
                groupId={groupId as number}
                bookingIds={[...new Set(selected.map((b) => b.id))]}
              />
            )}
            {mayBulk && (
              <Button
                size="xs"
                disabled={selected.length === 0 || loading}
                onClick={() =>
                  openBulk.mutate([...new Set(selected.filter((b) => !b.cancelled_at).map((b) => b.id))])
                }
              >
                {loading ? 'Loading...' : 'Update Bulk Accommodation'}
              </Button>
            )}
          </Group>
        </Group>
      )}
      {maySelect ? (
        <DataTable<GroupBookingRow>
          {...tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          isRecordSelectable={(b) => !b.cancelled_at}
          allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all bookings' }}
          getRecordSelectionCheckboxProps={(b) => ({ 'aria-label': `Select booking ${refOf(b)}` })}
        />
      ) : (
        <DataTable<GroupBookingRow> {...tableProps} />
      )}
      {groupId !== undefined && (
        <BulkAccommodationModal
          groupId={groupId}
          data={modal}
          onClose={() => setModal(null)}
          onDone={() => {
            setModal(null);
            setSelected([]);
            onUpdated?.();
          }}
        />
      )}
    </Stack>
  );
}

/** What the modal shows: the bookings by current room, the rooms offered, and the bookings chosen. */
type BulkModalData = GroupAccommodationAnswer;

/** The bulk update accommodation modal: per current room, the room to move its bookings to. */
function BulkAccommodationModal({
  groupId,
  data,
  onClose,
  onDone,
}: {
  groupId: number;
  data: BulkModalData | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [choices, setChoices] = useState<Record<number, string | null>>({});
  const options = (data?.rooms ?? []).map((r) => ({
    value: String(r.tour_room_id),
    label: `${r.accommodation_name} – ${r.name}${r.board_basis ? ` (${r.board_basis})` : ''}, sleeps ${r.occupancy}`,
  }));
  const chosen = Object.entries(choices).filter(([old, v]) => v && v !== old);
  const update = useNoticeMutation(
    (booking_ids: number[]) =>
      api.call(groupsApi.bulkAccommodation, {
        params: { id: groupId },
        body: {
          booking_ids,
          updated_accommodation: chosen.map(([old, v]) => ({
            old_room_id: Number(old),
            new_room_id: Number(v),
          })),
        },
      }),
    {
      errorTitle: BULK_FAILED,
      onSuccess: () => {
        setChoices({});
        onDone();
      },
    },
  );
  const saving = update.isPending;
  const save = async () => {
    if (!data || !(await confirmAction(UPDATE_ACCOMMODATION_CONFIRM, { title: 'Update accommodation' })))
      return;
    update.mutate(data.booking_ids);
  };
  return (
    <Modal opened={data !== null} onClose={onClose} title="Update Bulk Accommodation" size="xl" centered>
      {data && data.data.length === 0 ? (
        <Text size="sm">
          The selected bookings have no room on this group (cancelled bookings are ignored).
        </Text>
      ) : (
        <Table withTableBorder striped fz="sm" aria-label="Current rooms">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Current accommodation and room</Table.Th>
              <Table.Th>Bookings</Table.Th>
              <Table.Th>Move to</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.data.map((g) => (
              <Table.Tr key={g.room_id}>
                <Table.Td>
                  {g.accommodation_name} – {g.name}
                  {g.board_basis ? ` (${g.board_basis})` : ''}
                </Table.Td>
                <Table.Td>
                  {g.booking_ids.length} ({g.guests} guests, {g.rooms} rooms)
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`New room for ${g.accommodation_name} – ${g.name}`}
                    placeholder="Keep this room"
                    data={options.filter((o) => o.value !== String(g.room_id))}
                    value={choices[g.room_id] ?? null}
                    onChange={(v) => setChoices((c) => ({ ...c, [g.room_id]: v }))}
                    clearable
                    comboboxProps={{ withinPortal: true }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} disabled={saving || chosen.length === 0}>
          {saving ? 'Updating...' : 'Update accommodation'}
        </Button>
      </Group>
    </Modal>
  );
}
