import { Autocomplete, Badge, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { DataTableColumn } from 'mantine-datatable';
import {
  type Accommodation,
  type AccommodationRoom,
  type RoomInput,
  roomInput,
} from '../../../shared/api/accommodation';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { FieldGrid, FormActions, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { useCan } from '../../ui/permissions';
import { RouterAnchor } from '../../ui/RouterAnchor';
import { zodValidate } from '../../ui/zod-validate';

/** Board bases offered as suggestions; any other text is accepted (spec 3 §3: board_basis is text). */
export const BOARD_BASIS_OPTIONS = [
  'Room Only',
  'Bed & Breakfast',
  'Half Board',
  'Full Board',
  'All Inclusive',
];

export interface RoomValues {
  name: string;
  board_basis: string;
  occupancy: string | number;
  is_special: boolean;
}

export const roomToValues = (r?: AccommodationRoom): RoomValues => ({
  name: r?.name ?? '',
  board_basis: r?.board_basis ?? '',
  occupancy: r?.occupancy ?? 2,
  is_special: r?.is_special ?? false,
});

export const roomToInput = (v: RoomValues): RoomInput => ({
  name: v.name,
  board_basis: v.board_basis,
  occupancy: v.occupancy === '' ? '' : Number(v.occupancy),
  is_special: v.is_special,
});

export const validateRoom = zodValidate<RoomValues>(roomInput, roomToInput);

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

function AddRoomForm({ accommodationId, onAdded }: { accommodationId: number; onAdded: () => void }) {
  const form = useForm<RoomValues>({ initialValues: roomToValues(), validate: validateRoom });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) => api.post(`/accommodation/rooms/${accommodationId}`, roomToInput(v)),
    {
      onSuccess: () => {
        form.reset();
        onAdded();
      },
    },
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Add room
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <RoomFields form={form} />
        <FormActions>
          <SaveButton mode="create" saving={saving} busyLabel="Adding...">
            Add room
          </SaveButton>
        </FormActions>
      </form>
    </Paper>
  );
}

/** The room form's fields (spec 3 §5 Room form), shared by the Rooms tab and the room screen. */
export function RoomFields({
  form,
  onFieldBlur,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any room form, whatever its rules
  form: UseFormReturnType<RoomValues, any, any>;
  /** Called when a field is left or switched: the room screen saves per field. */
  onFieldBlur?: (field: keyof RoomValues) => void;
}) {
  return (
    <FieldGrid>
      <TextInput
        label="Room name"
        required
        {...form.getInputProps('name')}
        onBlur={() => onFieldBlur?.('name')}
      />
      <Autocomplete
        label="Board basis"
        required
        data={BOARD_BASIS_OPTIONS}
        {...form.getInputProps('board_basis')}
        onBlur={() => onFieldBlur?.('board_basis')}
      />
      <NumberField
        label="Occupancy"
        description="Guests per room"
        required
        min={1}
        max={20}
        {...form.getInputProps('occupancy')}
        onBlur={() => onFieldBlur?.('occupancy')}
      />
      <Switch
        label="Special room"
        mt={30}
        {...form.getInputProps('is_special', { type: 'checkbox' })}
        onChange={(e) => {
          form.setFieldValue('is_special', e.currentTarget.checked);
          onFieldBlur?.('is_special');
        }}
      />
    </FieldGrid>
  );
}
