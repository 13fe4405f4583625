import { Autocomplete, Paper, Switch, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useRef } from 'react';
import {
  type AccommodationRoom,
  accommodationApi,
  type RoomInput,
  roomInput,
} from '../../../shared/api/accommodation';
import { api } from '../../api/client';
import { EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, NumberField } from '../../ui/form';
import { useNoticeMutation } from '../../ui/notice-mutation';

/**
 * The room form (spec 3 §5 Room form): the Rooms tab adds rooms with it (`AddRoomForm`), the room
 * screen of the availability area edits one (`RoomForm`, saved per field). Both check with the
 * shared `roomInput`.
 */

/** Board bases offered as suggestions; any other text is accepted (spec 3 §3: board_basis is text). */
export const BOARD_BASIS_OPTIONS = [
  'Room Only',
  'Bed & Breakfast',
  'Half Board',
  'Full Board',
  'All Inclusive',
];

interface RoomValues {
  name: string;
  board_basis: string;
  occupancy: string | number;
  is_special: boolean;
}

const toValues = (r?: AccommodationRoom): RoomValues => ({
  name: r?.name ?? '',
  board_basis: r?.board_basis ?? '',
  occupancy: r?.occupancy ?? 2,
  is_special: r?.is_special ?? false,
});

const toInput = (v: RoomValues): RoomInput => ({
  name: v.name,
  board_basis: v.board_basis,
  occupancy: v.occupancy === '' ? '' : Number(v.occupancy),
  is_special: v.is_special,
});

const FIELD_TITLES: Record<keyof RoomValues, string> = {
  name: 'Room name',
  board_basis: 'Board basis',
  occupancy: 'Occupancy',
  is_special: 'Special room',
};

/** Add room (Rooms tab, role 1): POST accommodation/rooms/{accommodation id}; the form empties after. */
export function AddRoomForm({ accommodationId, onAdded }: { accommodationId: number; onAdded: () => void }) {
  const entity = useEntityForm({
    schema: roomInput,
    toValues,
    toInput,
    permission: 'rooms.create',
    mode: 'create',
    send: (body) => api.call(accommodationApi.createRoom, { params: { id: accommodationId }, body }),
    onSaved: onAdded,
    resetAfterCreate: true,
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Add room
      </Title>
      <EntityFormFrame entity={entity} submitLabel="Add room" bare>
        <RoomFields form={entity.form} />
      </EntityFormFrame>
    </Paper>
  );
}

/**
 * The room screen's form (EntityEditPage's form): each field is saved when it is left or switched
 * (notice '{field title} updated'); 'Update room' saves the whole room. Read-only without
 * rooms.update.
 */
export function RoomForm({ mode, record, send, onSaved }: EntityFormProps<AccommodationRoom, RoomInput>) {
  /** The values last saved: a per-field save sends them with the one changed field. */
  const saved = useRef<RoomValues>(toValues(record));
  const entity = useEntityForm({
    schema: roomInput,
    toValues,
    toInput,
    permission: 'rooms.update',
    mode,
    record,
    send,
    onSaved: (answer, values) => {
      saved.current = values;
      onSaved(answer);
    },
  });
  const { form, maySave } = entity;
  const saveField = useNoticeMutation(
    ({ values }: { field: keyof RoomValues; values: RoomValues }) => send(toInput(values)),
    {
      successMessage: (_answer, { field }) => `${FIELD_TITLES[field]} updated`,
      onSuccess: (answer, { values }) => {
        saved.current = values;
        onSaved(answer);
      },
    },
  );
  const onFieldBlur = (field: keyof RoomValues) => {
    if (!maySave) return;
    const values = form.getValues();
    if (String(values[field]) === String(saved.current[field])) return;
    if (form.validateField(field).hasError) return;
    saveField.mutate({ field, values: { ...saved.current, [field]: values[field] } });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        Room
      </Title>
      <EntityFormFrame
        entity={{ ...entity, saving: entity.saving || saveField.isPending }}
        submitLabel="Update room"
        bare
        actions={
          maySave ? (
            <Text size="xs" c="dimmed" mr="auto">
              Each field is saved as you change it.
            </Text>
          ) : undefined
        }
      >
        <RoomFields form={form} onFieldBlur={onFieldBlur} />
      </EntityFormFrame>
    </Paper>
  );
}

/** The room form's fields (spec 3 §5 Room form). */
function RoomFields({
  form,
  onFieldBlur,
}: {
  form: UseFormReturnType<RoomValues>;
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
