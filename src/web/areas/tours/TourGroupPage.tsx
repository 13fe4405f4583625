import { Anchor, Button, Group, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { groupsApi } from '../../../shared/api/groups';
import { instancesApi } from '../../../shared/api/instances';
import {
  departurePlace,
  departurePlaceErrors,
  type GroupAnswer,
  type GroupInput,
  groupInput,
  groupRegionErrors,
  type InstanceRow,
  instanceCreateInput,
  type TourGroupDetail,
} from '../../../shared/api/tour-catalogue';
import { tourAccommodationApi } from '../../../shared/api/tours';
import { pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { airportOptions, pickupPointsOf, useDepartureAirports, useTourData } from '../../api/tours';
import { formatDate, formatMoney } from '../../lib/format';
import { confirmAction, confirmDelete } from '../../ui/confirm';
import { DateField } from '../../ui/DateField';
import { EntityEditPage, EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, NumberField, numberText } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { Can, useCan } from '../../ui/permissions';
import { DeleteAction, EditLink, RowActions } from '../../ui/RowActions';
import { Section } from '../../ui/Section';
import { BookingsTable } from './BookingsTable';
import { GroupDocumentsSection } from './GroupDocumentsSection';
import { GroupPaymentsSection } from './GroupPaymentsSection';
import { InlineAddForm } from './InlineAddForm';
import { useDeleteInstance } from './instance-actions';
import {
  AddAccommodationForm,
  DELETE_ACCOMMODATION_CONFIRM,
  ExcludeSwitch,
} from './TourAccommodationSection';
import { TransfersModal } from './TransfersModal';

/** Spec 3 §8, word for word. */
const deleteGroupConfirm = (date: string) =>
  `Are you sure you want to delete group "${date}" ? You won't be able to revert this!`;

/**
 * Tour group (/tours/groups/{id} and /groups/{id}, spec 3 §2): 'Group of {tour}', the group form
 * (blank values fall back to the tour's, shown as placeholders), Instances with Manage Transfers,
 * Accommodation Exclude (and the group's own accommodation), Linked Groups, Documents
 * (GroupDocumentsSection), Suppliers, Services & Payments (GroupPaymentsSection) and the group's
 * bookings.
 */
export function TourGroupPage() {
  return (
    <EntityEditPage
      label="tour group"
      load={groupsApi.get}
      select={(answer) => answer.data}
      queryKey={keys.groups.one}
      invalidate={keys.groups.all}
      title={(answer) => `Group of ${answer.tourGroup.tour.name}`}
      actions={(answer) => (
        <Can permission="groups.delete">
          <DeleteGroupButton g={answer.tourGroup} />
        </Can>
      )}
      update={groupsApi.update}
      form={GroupForm}
      layout={(form, answer) => <GroupScreen g={answer.tourGroup} form={form} />}
    />
  );
}

/**
 * Delete group: refused with the spec's message while bookings use it (the red notice), else
 * asked, then deleted and back to the tour. Answers null when the user says no (no notice).
 */
function DeleteGroupButton({ g }: { g: TourGroupDetail }) {
  const navigate = useNavigate();
  const remove = useNoticeMutation(
    async () => {
      const check = await api.call(groupsApi.checkDeletion, { params: { id: g.id } });
      if (!check.can_delete) throw new Error(check.message);
      if (!(await confirmDelete(deleteGroupConfirm(formatDate(g.start_date))))) return null;
      return api.call(groupsApi.delete, { params: { id: g.id } });
    },
    {
      onSuccess: (done) => {
        if (done) navigate(pathTo('tour-edit', { id: g.tour_id }));
      },
    },
  );
  return (
    <Button color="red" variant="light" disabled={remove.isPending} onClick={() => remove.mutate()}>
      Delete group
    </Button>
  );
}

function GroupScreen({ g, form }: { g: GroupAnswer['tourGroup']; form: ReactNode }) {
  const queryClient = useQueryClient();
  const isAdmin = useCan('groups.update');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.groups.all });
  return (
    <Stack gap="lg">
      <Text size="sm" mt={-12}>
        Starts {formatDate(g.start_date)} ·{' '}
        <Anchor component={Link} to={pathTo('tour-edit', { id: g.tour.id })}>
          {g.tour.name}
        </Anchor>{' '}
        · {g.passengers} passengers (Paid or Confirmed)
      </Text>
      {form}
      <InstancesSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      <AccommodationExcludeSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      <LinkedGroupsSection g={g} defaultOpen={isAdmin} onChanged={reload} />
      {/* Spec 3 §2: not among the sections role 1 sees open by default. */}
      <GroupDocumentsSection g={g} defaultOpen={false} />
      <GroupPaymentsSection groupId={g.id} defaultOpen={false} />
      <Section title="Bookings for this tour group" defaultOpen={isAdmin}>
        <BookingsTable bookings={g.bookings} groupId={g.id} onUpdated={reload} />
      </Section>
    </Stack>
  );
}

interface GroupFormValues {
  start_date: string | null;
  pick_up_point_region_id: string | null;
  deposit_price: string | number;
  base_price: string | number;
  base_cost: string | number;
  duration: string | number;
  minimum_age: string | number;
  release_days_before: string | number;
  available_places: string | number;
  stop_sell: boolean;
  is_special_group: boolean;
  group_itinerary: string;
}

const toGroupValues = (answer?: GroupAnswer): GroupFormValues => {
  const g = answer?.tourGroup;
  return {
    start_date: g?.start_date ?? null,
    pick_up_point_region_id: g?.pick_up_point_region_id ? String(g.pick_up_point_region_id) : null,
    deposit_price: g?.deposit_price ?? '',
    base_price: g?.base_price ?? '',
    base_cost: g?.base_cost ?? '',
    duration: g?.duration ?? '',
    minimum_age: g?.minimum_age ?? '',
    release_days_before: g?.release_days_before ?? '',
    available_places: g?.available_places ?? '',
    stop_sell: g?.stop_sell ?? false,
    is_special_group: g?.is_special_group ?? false,
    group_itinerary: g?.group_itinerary ?? '',
  };
};

const toGroupInput = (v: GroupFormValues): GroupInput => ({
  start_date: v.start_date,
  pick_up_point_region_id: v.pick_up_point_region_id ?? '',
  deposit_price: numberText(v.deposit_price),
  base_price: numberText(v.base_price),
  base_cost: numberText(v.base_cost),
  duration: numberText(v.duration),
  minimum_age: numberText(v.minimum_age),
  release_days_before: numberText(v.release_days_before),
  available_places: numberText(v.available_places),
  stop_sell: v.stop_sell,
  is_special_group: v.is_special_group,
  group_itinerary: v.group_itinerary,
});

const tourValue = (v: string | number | null | undefined, money = false) =>
  v === null || v === undefined || v === '' ? undefined : `${money ? formatMoney(v) : v} (tour)`;

function GroupForm({ mode, record: answer, send, onSaved }: EntityFormProps<GroupAnswer, GroupInput>) {
  const lists = useTourData();
  const g = answer?.tourGroup;
  const tourType = g?.tour.tour_type ?? '';
  const entity = useEntityForm({
    schema: groupInput,
    toValues: toGroupValues,
    toInput: toGroupInput,
    extraValidate: (v) => groupRegionErrors(tourType, v.pick_up_point_region_id),
    permission: 'groups.update',
    mode,
    record: answer,
    send,
    onSaved,
  });
  const { form } = entity;
  return (
    <EntityFormFrame entity={entity} maw={960} submitLabel="Update group">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Blank values fall back to the master tour's values (shown in grey).
        </Text>
        <FieldGrid cols={3}>
          <DateField label="Start date" required clearable={false} {...form.getInputProps('start_date')} />
          {tourType === 'coach' && (
            <Select
              label="Pickup region"
              required
              data={(lists.data?.pickUpRegions ?? []).map((r) => ({
                value: String(r.id),
                label: r.region_name,
              }))}
              placeholder={lists.isPending ? 'Loading…' : 'Choose a region'}
              searchable
              {...form.getInputProps('pick_up_point_region_id')}
            />
          )}
          <MoneyInput
            label="Deposit price"
            placeholder={tourValue(g?.tour.deposit_price, true)}
            {...form.getInputProps('deposit_price')}
          />
          <MoneyInput label="Base price" {...form.getInputProps('base_price')} />
          <MoneyInput label="Base cost" {...form.getInputProps('base_cost')} />
          <NumberField
            label="Duration (days)"
            min={1}
            placeholder={tourValue(g?.tour.duration)}
            {...form.getInputProps('duration')}
          />
          <NumberField
            label="Minimum age"
            min={0}
            placeholder={tourValue(g?.tour.minimum_age)}
            {...form.getInputProps('minimum_age')}
          />
          <NumberField
            label="Release days before"
            min={0}
            placeholder={tourValue(g?.tour.release_days_before)}
            {...form.getInputProps('release_days_before')}
          />
          <NumberField
            label="Available places"
            min={0}
            placeholder={tourValue(g?.tour.tour_places)}
            {...form.getInputProps('available_places')}
          />
          <TextInput label="Passengers (places taken)" value={String(g?.passengers ?? 0)} readOnly disabled />
        </FieldGrid>
        <Group gap="xl">
          <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
          <Switch label="Special group" {...form.getInputProps('is_special_group', { type: 'checkbox' })} />
        </Group>
        <Textarea
          label="Group itinerary"
          description="Overrides the tour's itinerary. Variables: {hotel}, {room_type}, {board_basis}, {hotel_contact}, {hotel_address}, {hotel_resort}, {transfer_pickup_time}"
          placeholder={
            g?.tour.itinerary
              ? `${g.tour.itinerary.slice(0, 300)}${g.tour.itinerary.length > 300 ? '…' : ''}`
              : undefined
          }
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('group_itinerary')}
        />
      </Stack>
    </EntityFormFrame>
  );
}

/** Where an instance leaves from, as a short text. */
const departureOf = (i: InstanceRow) =>
  i.airport
    ? `${i.airport.airport_name} (${i.airport.iata_code})`
    : i.pick_up_point
      ? i.pick_up_point.pickup_point_name
      : i.self_drive
        ? 'Self drive'
        : '';

function InstancesSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayDelete = useCan('instances.delete');
  const { deleteInstance, isPending: deleting } = useDeleteInstance(onChanged);
  const [transfers, setTransfers] = useState(false);
  return (
    <Section
      title="Instances"
      defaultOpen={defaultOpen}
      actions={
        <Can permission="groups.transfers">
          <Button size="xs" variant="light" onClick={() => setTransfers(true)}>
            Manage Transfers
          </Button>
        </Can>
      }
    >
      <Stack gap="md">
        <Can permission="instances.create">
          <AddInstanceForm g={g} onAdded={onChanged} />
        </Can>
        <ListTable<InstanceRow>
          label="Instances"
          records={g.instances}
          emptyText="No instances yet"
          columns={[
            {
              accessor: 'instance_title',
              title: 'Instance',
              render: (i) => (
                <Anchor component={Link} to={pathTo('tour-instance', { id: i.id })} size="sm">
                  {i.instance_title ?? `Instance ${i.id}`}
                </Anchor>
              ),
            },
            {
              accessor: 'departure_date',
              title: 'Departure date',
              render: (i) => formatDate(i.departure_date),
            },
            { accessor: 'departure', title: 'Departs from', render: departureOf },
            {
              accessor: 'base_price',
              title: 'Base price',
              textAlign: 'right',
              render: (i) => formatMoney(i.base_price),
            },
            {
              accessor: 'tour_places',
              title: 'Places',
              textAlign: 'right',
              render: (i) => i.tour_places ?? '',
            },
            { accessor: 'booking_count', title: 'Bookings', textAlign: 'right' },
            { accessor: 'pax_count', title: 'Passengers', textAlign: 'right' },
            { accessor: 'stop_sell', title: 'Stop sell', render: (i) => (i.stop_sell ? 'Yes' : '') },
            {
              accessor: 'actions',
              title: '',
              render: (i) => (
                <RowActions>
                  <EditLink to={pathTo('tour-instance', { id: i.id })} permission="instances.update" />
                  {mayDelete && (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      c="red"
                      disabled={deleting}
                      onClick={() => deleteInstance(i)}
                    >
                      Delete
                    </Anchor>
                  )}
                </RowActions>
              ),
            },
          ]}
        />
      </Stack>
      <TransfersModal groupId={g.id} opened={transfers} onClose={() => setTransfers(false)} />
    </Section>
  );
}

interface AddInstanceValues {
  departure_date: string | null;
  departure_airport_id: string | null;
  pickup_point_id: string | null;
  instance_title: string;
  base_price: string | number;
}

function AddInstanceForm({ g, onAdded }: { g: TourGroupDetail; onAdded: () => void }) {
  const type = g.tour.tour_type;
  const place = departurePlace(type);
  const airports = useDepartureAirports();
  const lists = useTourData();
  const region = lists.data?.pickUpRegions.find((r) => r.id === g.pick_up_point_region_id);
  const points = pickupPointsOf(lists.data?.pickUpRegions, g.pick_up_point_region_id);
  const entity = useEntityForm({
    schema: instanceCreateInput,
    toValues: (): AddInstanceValues => ({
      departure_date: g.start_date,
      departure_airport_id: null,
      pickup_point_id: null,
      instance_title: '',
      base_price: '',
    }),
    toInput: (v: AddInstanceValues) => ({
      tour_id: g.tour_id,
      tour_group_id: g.id,
      departure_date: v.departure_date,
      departure_airport_id: v.departure_airport_id ?? '',
      pickup_point_id: v.pickup_point_id ?? '',
      self_drive: place === 'self_drive',
      instance_title: v.instance_title,
      base_price: numberText(v.base_price),
      currency: 'GBP',
      indirect_flights: 0,
    }),
    extraValidate: (v) => departurePlaceErrors(type, v),
    permission: 'instances.create',
    mode: 'create',
    send: (body) => api.call(instancesApi.create, { body }),
    resetAfterCreate: true,
    onSaved: onAdded,
  });
  const { form } = entity;
  return (
    <InlineAddForm entity={entity} label="Add instance" submitLabel="Add instance">
      <DateField label="Departure date" required w={170} {...form.getInputProps('departure_date')} />
      {place === 'airport' && (
        <Select
          label="Departure airport"
          required
          w={280}
          placeholder={airports.isPending ? 'Loading…' : 'Choose an airport'}
          data={airportOptions(airports.data)}
          searchable
          nothingFoundMessage="No airport matches"
          {...form.getInputProps('departure_airport_id')}
        />
      )}
      {place === 'pickup_point' && (
        <Select
          label="Pickup point"
          required
          w={260}
          placeholder={
            lists.isPending
              ? 'Loading…'
              : region
                ? `A point of ${region.region_name}`
                : 'Choose a pickup point'
          }
          data={points.map((p) => ({ value: String(p.id), label: p.pickup_point_name }))}
          searchable
          nothingFoundMessage="No pickup point matches"
          {...form.getInputProps('pickup_point_id')}
        />
      )}
      {place === 'self_drive' && <TextInput label="Departs" value="Self drive" readOnly w={140} />}
      <TextInput
        label="Title"
        placeholder="Default: the airport or point"
        w={220}
        {...form.getInputProps('instance_title')}
      />
      <MoneyInput
        label="Base price"
        w={150}
        placeholder={g.base_price ? `${formatMoney(g.base_price)} (group)` : undefined}
        {...form.getInputProps('base_price')}
      />
    </InlineAddForm>
  );
}

function AccommodationExcludeSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayExclude = useCan('tourAccommodation.save');
  const excluded = new Set(g.excluded_accommodations.map((x) => x.tour_accommodation_id));
  const duration = g.duration ?? g.tour.duration;
  return (
    <Section title="Accommodation Exclude" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {g.group_accommodations.length > 0 && (
          <Text size="sm" c="orange.8">
            This group has its own accommodation, which overrides the tour's for its instances.
          </Text>
        )}
        {g.tour_accommodations.length === 0 ? (
          <Text size="sm" c="dimmed">
            The tour has no accommodation.
          </Text>
        ) : (
          <Stack gap="xs" aria-label="Tour accommodation of this group">
            {g.tour_accommodations.map((a) => (
              <ExcludeSwitch
                key={`${a.id}-${excluded.has(a.id)}`}
                groupId={g.id}
                accommodation={a}
                initial={excluded.has(a.id)}
                disabled={!mayExclude}
                label={`Exclude ${a.accommodation_name} (days ${a.check_in_day}–${a.check_out_day})`}
                onChanged={onChanged}
              />
            ))}
          </Stack>
        )}
        <Text fw={600} size="sm">
          Group accommodation
        </Text>
        <ListTable
          label="Group accommodation"
          records={g.group_accommodations}
          emptyText="No accommodation of its own: the group offers the tour's"
          columns={[
            { accessor: 'accommodation_name', title: 'Accommodation' },
            { accessor: 'check_in_day', title: 'Check-in day', textAlign: 'right' },
            { accessor: 'check_out_day', title: 'Check-out day', textAlign: 'right' },
            { accessor: 'rooms_count', title: 'Rooms', textAlign: 'right' },
            {
              accessor: 'actions',
              title: '',
              render: (a) => (
                <RowActions>
                  <EditLink
                    to={pathTo('tour-accommodation', { id: a.id })}
                    permission="tourAccommodation.save"
                  />
                  <Can permission="tourAccommodation.delete">
                    <DeleteAction
                      endpoint={tourAccommodationApi.delete}
                      params={{ id: a.id }}
                      confirmMessage={DELETE_ACCOMMODATION_CONFIRM}
                      onDeleted={onChanged}
                    />
                  </Can>
                </RowActions>
              ),
            },
          ]}
        />
        <Can permission="tourAccommodation.save">
          <AddAccommodationForm
            target={{ groupId: g.id }}
            duration={duration}
            onAdded={onChanged}
            label="Add group accommodation"
          />
        </Can>
      </Stack>
    </Section>
  );
}

function LinkedGroupsSection({
  g,
  defaultOpen,
  onChanged,
}: {
  g: TourGroupDetail;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayLink = useCan('groups.update');
  const [choice, setChoice] = useState<string | null>(null);
  const change = useNoticeMutation(
    ({ action, otherId }: { action: 'link' | 'unlink'; otherId: number }) =>
      api.call(groupsApi[action], { params: { id: g.id }, body: { id: otherId } }),
    {
      onSuccess: () => {
        setChoice(null);
        onChanged();
      },
    },
  );
  const busy = change.isPending;
  const send = async (action: 'link' | 'unlink', otherId: number) => {
    if (
      action === 'unlink' &&
      !(await confirmAction('Are you sure you want to unlink this group?', { title: 'Unlink group' }))
    )
      return;
    change.mutate({ action, otherId });
  };
  return (
    <Section title="Linked Groups" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {mayLink && (
          <Group align="flex-end" gap="md">
            <Select
              label="Group to link"
              w={280}
              placeholder={g.linkable_groups.length ? 'Choose a group' : 'No other start dates'}
              data={g.linkable_groups.map((o) => ({
                value: String(o.id),
                label: `${formatDate(o.start_date)} (id ${o.id})`,
              }))}
              value={choice}
              onChange={setChoice}
              disabled={g.linkable_groups.length === 0}
              searchable
            />
            <Button disabled={!choice || busy} onClick={() => choice && send('link', Number(choice))}>
              Link group
            </Button>
          </Group>
        )}
        <ListTable
          label="Linked groups"
          records={g.links}
          emptyText="No linked groups"
          columns={[
            {
              accessor: 'start_date',
              title: 'Start date',
              render: (l) => (
                <Anchor component={Link} to={pathTo('tour-group', { id: l.id })} size="sm">
                  {formatDate(l.start_date)}
                </Anchor>
              ),
            },
            { accessor: 'id', title: 'Group id' },
            {
              accessor: 'actions',
              title: '',
              render: (l) =>
                mayLink ? (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    c="red"
                    disabled={busy}
                    onClick={() => send('unlink', l.id)}
                  >
                    Unlink
                  </Anchor>
                ) : null,
            },
          ]}
        />
      </Stack>
    </Section>
  );
}
