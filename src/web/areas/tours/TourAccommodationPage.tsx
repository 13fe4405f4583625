import { Anchor, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  type TourAccommodationDetail,
  type TourAccommodationInput,
  type TourRoomRow,
  tourAccommodationInput,
  tourRoomCreateInput,
} from '../../../shared/api/tour-catalogue';
import { tourAccommodationApi } from '../../../shared/api/tours';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useTourData } from '../../api/tours';
import { formatDate } from '../../lib/format';
import { EntityEditPage, EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, numberText } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction } from '../../ui/RowActions';
import { SavedMoneyCell } from '../../ui/SavedMoneyCell';
import { InlineAddForm } from './InlineAddForm';
import {
  StayDayFields,
  stayDayRule,
  type TourAccommodationValues,
  toTourAccommodationInput,
} from './TourAccommodationSection';

/**
 * Tour accommodation (/tours/accommodation/{id}, spec 3 §2): 'Tour Accommodation' on the tour or
 * the tour group; accommodation and check-in/out day (1 to duration+1); Rooms: add a room of the
 * accommodation not yet added, and a table of name, board basis, occupancy (read-only) and
 * supplement (£, editable, role 1).
 */
export function TourAccommodationPage() {
  return (
    <EntityEditPage
      label="tour accommodation"
      load={tourAccommodationApi.get}
      select={(answer) => answer.data}
      queryKey={keys.tourAccommodation.one}
      invalidate={keys.tourAccommodation.all}
      title={() => 'Tour Accommodation'}
      update={tourAccommodationApi.update}
      form={AccommodationForm}
      layout={(form, ta) => (
        <Stack gap="lg">
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
          {form}
          <RoomsPart ta={ta} />
        </Stack>
      )}
    />
  );
}

const toValues = (ta?: TourAccommodationDetail): TourAccommodationValues => ({
  accommodation_id: ta ? String(ta.accommodation_id) : null,
  check_in_day: ta?.check_in_day ?? '',
  check_out_day: ta?.check_out_day ?? '',
});

function AccommodationForm({
  mode,
  record: ta,
  send,
  onSaved,
}: EntityFormProps<TourAccommodationDetail, TourAccommodationInput>) {
  const lists = useTourData();
  const duration = ta?.duration ?? null;
  const entity = useEntityForm({
    schema: tourAccommodationInput,
    toValues,
    toInput: toTourAccommodationInput,
    extraValidate: stayDayRule(duration),
    permission: 'tourAccommodation.save',
    mode,
    record: ta,
    send,
    onSaved,
  });
  const { form } = entity;
  const options = (lists.data?.accomodations ?? []).map((a) => ({
    value: String(a.id),
    label: a.accommodation_name,
  }));
  if (ta && !options.some((o) => o.value === String(ta.accommodation_id))) {
    options.unshift({ value: String(ta.accommodation_id), label: ta.accommodation_name });
  }
  return (
    <EntityFormFrame entity={entity} maw={960} submitLabel="Update accommodation">
      <FieldGrid cols={3}>
        <Select
          label="Accommodation"
          required
          data={options}
          searchable
          allowDeselect={false}
          description={ta?.rooms.length ? 'Delete its rooms to change it' : 'The hotel of this stay'}
          {...form.getInputProps('accommodation_id')}
        />
        <StayDayFields form={form} duration={duration} hint />
      </FieldGrid>
    </EntityFormFrame>
  );
}

interface AddRoomValues {
  accommodation_room_id: string | null;
  supplement: string | number;
}

function RoomsPart({ ta }: { ta: TourAccommodationDetail }) {
  const queryClient = useQueryClient();
  const mayDelete = useCan('tourAccommodation.delete');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.tourAccommodation.all });
  const entity = useEntityForm({
    schema: tourRoomCreateInput,
    toValues: (): AddRoomValues => ({ accommodation_room_id: null, supplement: '' }),
    toInput: (v: AddRoomValues) => ({
      accommodation_room_id: v.accommodation_room_id,
      supplement: numberText(v.supplement),
    }),
    permission: 'tourAccommodation.save',
    mode: 'create',
    send: (body) => api.call(tourAccommodationApi.addRoom, { params: { id: ta.id }, body }),
    resetAfterCreate: true,
    onSaved: () => void reload(),
  });
  const { form } = entity;
  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <Title order={2} size="h4" mb="sm">
        Rooms
      </Title>
      <Stack gap="md">
        <Can permission="tourAccommodation.save">
          <InlineAddForm
            entity={entity}
            label="Add room"
            showLabel={false}
            submitLabel="Add room"
            disabled={ta.accommodation_rooms.length === 0}
          >
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
          </InlineAddForm>
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
              render: (r) => (
                <SavedMoneyCell
                  key={`${r.id}-${r.supplement}`}
                  value={r.supplement}
                  permission="tourAccommodation.save"
                  label={`Supplement of ${r.name}`}
                  w={120}
                  save={(supplement) =>
                    api.call(tourAccommodationApi.updateRoom, { params: { id: r.id }, body: { supplement } })
                  }
                  onSaved={reload}
                />
              ),
            },
            {
              accessor: 'actions',
              title: '',
              render: (r) =>
                mayDelete ? (
                  <DeleteAction
                    endpoint={tourAccommodationApi.deleteRoom}
                    params={{ roomId: r.id }}
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
