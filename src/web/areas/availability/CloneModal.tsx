import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { accommodationApi, type RoomDetails } from '../../../shared/api/accommodation';
import {
  availabilityApi,
  type CloneInput,
  cloneInput,
  type PriceRow,
} from '../../../shared/api/availability';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { EntityFormFrame, useEntityForm } from '../../ui/entity';
import { FieldGrid } from '../../ui/form';
import { Modal } from '../../ui/Modal';

interface CloneValues {
  /** Only narrows the room list; not sent. */
  accommodation_id: string | null;
  accomodation_room_id: string | null;
}

/**
 * Clone prices modal (spec 3 §2, 800 × 300): copies the selected prices, with their discounts, to
 * the same nights of another room — any room of any accommodation (this one's by default). A price
 * the target room already has on one of those nights is replaced.
 */
export function CloneModal({
  opened,
  onClose,
  room,
  prices,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  room: RoomDetails;
  prices: PriceRow[];
  onDone: () => void;
}) {
  const list = useQuery({
    queryKey: keys.accommodation.list('with-rooms'),
    queryFn: ({ signal }) => api.call(accommodationApi.list, { signal }).then((r) => r.data),
    enabled: opened,
    staleTime: 30_000,
  });
  const entity = useEntityForm({
    schema: cloneInput,
    toValues: (): CloneValues => ({
      accommodation_id: String(room.accommodation_id),
      accomodation_room_id: null,
    }),
    toInput: (v: CloneValues): CloneInput => ({
      accomodation_room_id: v.accomodation_room_id,
      selected_price_ids: prices.map((p) => p.id),
    }),
    permission: 'prices.clone',
    mode: 'create',
    send: (body) => api.call(availabilityApi.clonePrices, { body }),
    onSaved: () => {
      onDone();
      onClose();
    },
    resetAfterCreate: true,
  });
  const { form } = entity;
  const chosen = list.data?.find((a) => String(a.id) === form.values.accommodation_id);
  const roomOptions = (chosen?.accommodation_rooms ?? [])
    .filter((r) => r.id !== room.id)
    .map((r) => ({
      value: String(r.id),
      label: `${r.name} – ${r.board_basis ?? ''} (sleeps ${r.occupancy})`,
    }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Clone ${prices.length} prices to another room`}
      size={800}
      centered
      styles={{ body: { minHeight: 300 } }}
    >
      <EntityFormFrame entity={entity} submitLabel="Clone Price" bare>
        <Stack gap="sm">
          <Text size="sm">
            The selected prices and their discounts are copied to the same nights of the room you choose.
            Where that room already has a price on one of those nights, it is replaced.
          </Text>
          <FieldGrid>
            <Select
              label="Accommodation"
              placeholder={list.isPending ? 'Loading…' : 'Choose accommodation'}
              data={(list.data ?? []).map((a) => ({ value: String(a.id), label: a.accommodation_name }))}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No accommodation matches"
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('accommodation_id')}
              onChange={(v) => {
                form.setFieldValue('accommodation_id', v);
                form.setFieldValue('accomodation_room_id', null);
              }}
            />
            <Select
              label="Room"
              required
              placeholder={roomOptions.length ? 'Choose the room to copy to' : 'No other room here'}
              data={roomOptions}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('accomodation_room_id')}
            />
          </FieldGrid>
        </Stack>
      </EntityFormFrame>
    </Modal>
  );
}
