import { Badge, Paper, Stack } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { Accommodation, AccommodationRoom } from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { ListTable } from '../../ui/ListTable';
import { useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { AddRoomForm } from './RoomForm';

/**
 * Rooms tab (spec 3 §2): the accommodation's rooms, each linking to its room screen ('Manage
 * Availability'), and the add-room form (name, board basis, occupancy ≥ 1, special) for role 1.
 */
export function RoomsTab({
  accommodation,
  onChanged,
}: {
  accommodation: Accommodation;
  onChanged: () => void;
}) {
  const mayAdd = useCan('rooms.create');
  const columns: DataTableColumn<AccommodationRoom>[] = [
    {
      accessor: 'name',
      title: 'Room',
      render: (r) => (
        <RouterAnchor to={pathTo('accommodation-room-edit', { id: r.id })}>{r.name}</RouterAnchor>
      ),
    },
    { accessor: 'board_basis', title: 'Board basis' },
    { accessor: 'occupancy', title: 'Occupancy', textAlign: 'right', width: 110 },
    {
      accessor: 'is_special',
      title: 'Special',
      width: 100,
      render: (r) => (r.is_special ? <Badge variant="light">Special</Badge> : ''),
    },
    {
      accessor: 'manage',
      title: '',
      width: 190,
      render: (r) => (
        <RouterAnchor to={pathTo('accommodation-room-edit', { id: r.id })} size="sm">
          Manage availability
        </RouterAnchor>
      ),
    },
  ];
  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder p="md" radius="md">
        <ListTable<AccommodationRoom>
          label={`Rooms of ${accommodation.accommodation_name}`}
          records={accommodation.accommodation_rooms}
          columns={columns}
          emptyText="No rooms yet"
        />
      </Paper>
      {mayAdd && <AddRoomForm accommodationId={accommodation.id} onAdded={onChanged} />}
    </Stack>
  );
}
