import { Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { AccommodationListItem, RoomDetails } from '../../../shared/api/accommodation';
import type { PriceRow } from '../../../shared/api/availability';
import { api } from '../../api/client';
import { FieldGrid, FormActions, SaveButton, useFormSubmit } from '../../ui/form';

interface CloneValues {
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
    queryKey: ['accommodation', 'list'],
    queryFn: () => api.get<{ data: AccommodationListItem[] }>('/accommodation').then((r) => r.data),
    enabled: opened,
    staleTime: 30_000,
  });
  const form = useForm<CloneValues>({
    initialValues: { accommodation_id: String(room.accommodation_id), accomodation_room_id: null },
    validate: { accomodation_room_id: (v) => (v ? null : 'Choose the room to copy to.') },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post('/accommodation/room/handle-prices-clonnig', {
        accomodation_room_id: Number(v.accomodation_room_id),
        selected_price_ids: prices.map((p) => p.id),
      }),
    {
      onSuccess: () => {
        form.setFieldValue('accomodation_room_id', null);
        onDone();
        onClose();
      },
    },
  );
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
      <form onSubmit={onSubmit} noValidate>
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
        <FormActions>
          <SaveButton mode="create" saving={saving} busyLabel="Cloning...">
            Clone Price
          </SaveButton>
        </FormActions>
      </form>
    </Modal>
  );
}
