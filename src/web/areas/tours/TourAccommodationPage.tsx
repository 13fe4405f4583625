import { Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TourAccommodationDetail, TourRoomRow } from '../../../shared/api/tour-catalogue';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { formatDate, formatMoney } from '../../lib/format';
import { EntityLoader } from '../../ui/EntityLoader';
import { FieldGrid, FormActions, MoneyInput, NumberField, SaveButton, useFormSubmit } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { PageHeader } from '../../ui/PageHeader';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction } from '../../ui/RowActions';
import { decimalText, intText, tourAccommodationKey, useTourAccommodation, useTourData } from './api';

/**
 * Tour accommodation (/tours/accommodation/{id}, spec 3 §2): 'Tour Accommodation' on the tour or
 * the tour group; accommodation and check-in/out day (1 to duration+1); Rooms: add a room of the
 * accommodation not yet added, and a table of name, board basis, occupancy (read-only) and
 * supplement (£, editable, role 1).
 */
export function TourAccommodationPage() {
  const id = Number(useParams().id);
  const query = useTourAccommodation(id);
  return (
    <EntityLoader query={query} label="tour accommodation">
      {(ta) => (
        <Stack gap="lg">
          <PageHeader title="Tour Accommodation" />
          <Text size="sm" mt={-12}>
            {ta.tour_group_id ? (
              <>
                On the{' '}
                <Anchor component={Link} to={pathTo('tour-group', { id: ta.tour_group_id })}>
                  group of {formatDate(ta.group_start_date)}
                </Anchor>{' '}
                of{' '}
              </>
            ) : (
              'On the tour '
            )}
            <Anchor component={Link} to={pathTo('tour-edit', { id: ta.tour_id })}>
              {ta.tour_name}
            </Anchor>
            {ta.tour_group_id ? ' (it overrides the tour’s accommodation for this group)' : ''}
          </Text>
          <AccommodationForm
            key={`${ta.id}-${ta.accommodation_id}-${ta.check_in_day}-${ta.check_out_day}`}
            ta={ta}
          />
          <RoomsPart ta={ta} />
        </Stack>
      )}
    </EntityLoader>
  );
}

function AccommodationForm({ ta }: { ta: TourAccommodationDetail }) {
  const queryClient = useQueryClient();
  const maySave = useCan('tourAccommodation.save');
  const lists = useTourData();
  const max = (ta.duration ?? 365) + 1;
  const form = useForm({
    initialValues: {
      accommodation_id: String(ta.accommodation_id) as string | null,
      check_in_day: ta.check_in_day as string | number,
      check_out_day: ta.check_out_day as string | number,
    },
    validate: {
      accommodation_id: (v) => (v ? null : 'Accommodation is required.'),
      check_in_day: (v) =>
        v === '' || Number(v) < 1 || Number(v) > max ? `Check-in day must be between 1 and ${max}.` : null,
      check_out_day: (v, values) =>
        v === '' || Number(v) < 1 || Number(v) > max
          ? `Check-out day must be between 1 and ${max}.`
          : Number(v) <= Number(values.check_in_day)
            ? 'Check-out day must be after the check-in day.'
            : null,
    },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post(`/tours/accommodation/${ta.id}`, {
        accommodation_id: v.accommodation_id,
        check_in_day: intText(v.check_in_day),
        check_out_day: intText(v.check_out_day),
      }),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: tourAccommodationKey(ta.id) }) },
  );
  const options = (lists.data?.accomodations ?? []).map((a) => ({
    value: String(a.id),
    label: a.accommodation_name,
  }));
  if (!options.some((o) => o.value === String(ta.accommodation_id))) {
    options.unshift({ value: String(ta.accommodation_id), label: ta.accommodation_name });
  }
  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!maySave} style={{ border: 0, padding: 0, margin: 0 }}>
          <FieldGrid cols={3}>
            <Select
              label="Accommodation"
              required
              data={options}
              searchable
              allowDeselect={false}
              description={ta.rooms.length ? 'Delete its rooms to change it' : 'The hotel of this stay'}
              {...form.getInputProps('accommodation_id')}
            />
            <NumberField
              label="Check-in day"
              required
              min={1}
              max={max}
              description={`Day 1 to ${max} of the tour`}
              {...form.getInputProps('check_in_day')}
            />
            <NumberField
              label="Check-out day"
              required
              min={1}
              max={max}
              description={`Day 1 to ${max} of the tour`}
              {...form.getInputProps('check_out_day')}
            />
          </FieldGrid>
        </fieldset>
        {maySave && (
          <FormActions>
            <SaveButton mode="update" saving={saving}>
              Update accommodation
            </SaveButton>
          </FormActions>
        )}
      </form>
    </Paper>
  );
}

/** The supplement cell: saves when it loses focus with a changed value ('Supplement updated'). */
function SupplementInput({ room, onSaved }: { room: TourRoomRow; onSaved: () => void }) {
  const maySave = useCan('tourAccommodation.save');
  const [value, setValue] = useState<string | number>(room.supplement);
  const [busy, setBusy] = useState(false);
  if (!maySave) return <Text size="sm">{formatMoney(room.supplement)}</Text>;
  const save = async () => {
    const text = decimalText(value) || '0';
    if (Number(text) === Number(room.supplement)) return;
    setBusy(true);
    try {
      const answer = await api.post<{ message: string }>(`/tours/rooms/${room.id}`, { supplement: text });
      notifications.show({ color: 'green', message: answer.message });
      onSaved();
    } catch (err) {
      notifications.show({ color: 'red', title: 'Error', message: (err as Error).message });
      setValue(room.supplement);
    } finally {
      setBusy(false);
    }
  };
  return (
    <MoneyInput
      aria-label={`Supplement of ${room.name}`}
      size="xs"
      w={120}
      value={value}
      onChange={setValue}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void save();
        }
      }}
      disabled={busy}
    />
  );
}

function RoomsPart({ ta }: { ta: TourAccommodationDetail }) {
  const queryClient = useQueryClient();
  const mayDelete = useCan('tourAccommodation.delete');
  const reload = () => queryClient.invalidateQueries({ queryKey: tourAccommodationKey(ta.id) });
  const form = useForm<{ accommodation_room_id: string | null; supplement: string | number }>({
    initialValues: { accommodation_room_id: null, supplement: '' },
    validate: { accommodation_room_id: (v) => (v ? null : 'Choose a room.') },
  });
  const { onSubmit, saving } = useFormSubmit(
    form,
    (v) =>
      api.post(`/tours/accommodation/${ta.id}/rooms`, {
        accommodation_room_id: v.accommodation_room_id,
        supplement: decimalText(v.supplement),
      }),
    {
      onSuccess: () => {
        form.reset();
        void reload();
      },
    },
  );
  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <Title order={2} size="h4" mb="sm">
        Rooms
      </Title>
      <Stack gap="md">
        <Can permission="tourAccommodation.save">
          <form onSubmit={onSubmit} noValidate aria-label="Add room">
            <Group align="flex-start" gap="md" wrap="wrap">
              <Select
                label="Room"
                w={320}
                placeholder={ta.accommodation_rooms.length ? 'Choose a room' : 'Every room is added'}
                data={ta.accommodation_rooms.map((r) => ({
                  value: String(r.id),
                  label: `${r.name}${r.board_basis ? ` – ${r.board_basis}` : ''} (sleeps ${r.occupancy})`,
                }))}
                disabled={ta.accommodation_rooms.length === 0}
                {...form.getInputProps('accommodation_room_id')}
              />
              <MoneyInput label="Supplement" w={140} {...form.getInputProps('supplement')} />
              <Button type="submit" mt={25} disabled={saving || ta.accommodation_rooms.length === 0}>
                {saving ? 'Adding...' : 'Add room'}
              </Button>
            </Group>
          </form>
        </Can>
        <ListTable<TourRoomRow>
          label="Rooms"
          records={ta.rooms}
          emptyText="No rooms added yet"
          columns={[
            { accessor: 'name', title: 'Name' },
            { accessor: 'board_basis', title: 'Board basis', render: (r) => r.board_basis ?? '' },
            { accessor: 'occupancy', title: 'Occupancy', textAlign: 'right' },
            {
              accessor: 'supplement',
              title: 'Supplement (per guest)',
              render: (r) => <SupplementInput key={`${r.id}-${r.supplement}`} room={r} onSaved={reload} />,
            },
            {
              accessor: 'actions',
              title: '',
              render: (r) =>
                mayDelete ? (
                  <DeleteAction
                    endpoint={`/tours/accommodation/rooms/${r.id}/delete`}
                    confirmMessage={`Are you sure you want to delete the room "${r.name}" from this tour accommodation ?`}
                    onDeleted={reload}
                  />
                ) : null,
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
