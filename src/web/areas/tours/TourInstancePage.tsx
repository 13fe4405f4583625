import {
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { flightsApi } from '../../../shared/api/flights';
import { instancesApi } from '../../../shared/api/instances';
import {
  departurePlace,
  departurePlaceErrors,
  type InstanceAnswer,
  type InstanceFlight,
  type InstanceInput,
  type InstancePriceRoom,
  instanceInput,
} from '../../../shared/api/tour-catalogue';
import { toursApi } from '../../../shared/api/tours';
import { effectiveValue, roomPrice } from '../../../shared/pricing';
import { implementedRoutes, pathTo } from '../../../shared/routes';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { airportOptions, pickupPointsOf, useDepartureAirports, useTourData } from '../../api/tours';
import { formatDate, formatMoney } from '../../lib/format';
import { DateField } from '../../ui/DateField';
import { EntityEditPage, EntityFormFrame, type EntityFormProps, useEntityForm } from '../../ui/entity';
import { FieldGrid, MoneyInput, NumberField, numberText } from '../../ui/form';
import { ListTable } from '../../ui/ListTable';
import { useNoticeMutation } from '../../ui/notice-mutation';
import { Can, useCan } from '../../ui/permissions';
import { ConfirmDeleteLink } from '../../ui/RowActions';
import { SavedMoneyCell } from '../../ui/SavedMoneyCell';
import { Section } from '../../ui/Section';
import { BookingsTable } from './BookingsTable';
import { useDeleteInstance } from './instance-actions';

/**
 * Tour instance (/tours/instances/{id}, spec 3 §2): 'Instance of' + a link to the tour; every field
 * by tour type; Flights (air tours); Prices per accommodation room saved per field; Bookings.
 */
export function TourInstancePage() {
  return (
    <EntityEditPage
      label="instance"
      load={instancesApi.get}
      select={(answer) => answer.data}
      queryKey={keys.instances.one}
      invalidate={keys.instances.all}
      title={(inst) => (
        <>
          Instance of{' '}
          <Anchor component={Link} to={pathTo('tour-edit', { id: inst.tour.id })} inherit>
            {inst.tour.name}
          </Anchor>
        </>
      )}
      actions={(inst) => (
        <Can permission="instances.delete">
          <DeleteInstanceButton inst={inst} />
        </Can>
      )}
      update={instancesApi.update}
      form={InstanceForm}
      layout={(form, inst) => <InstanceScreen inst={inst} form={form} />}
    />
  );
}

function DeleteInstanceButton({ inst }: { inst: InstanceAnswer }) {
  const navigate = useNavigate();
  const { deleteInstance, isPending } = useDeleteInstance(() =>
    navigate(pathTo('tour-group', { id: inst.tour_group_id })),
  );
  return (
    <Button color="red" variant="light" disabled={isPending} onClick={() => deleteInstance(inst)}>
      Delete instance
    </Button>
  );
}

function InstanceScreen({ inst, form }: { inst: InstanceAnswer; form: ReactNode }) {
  const queryClient = useQueryClient();
  const isAdmin = useCan('instances.update');
  const reload = () => queryClient.invalidateQueries({ queryKey: keys.instances.all });
  const air = departurePlace(inst.tour.tour_type) === 'airport';
  return (
    <Stack gap="lg">
      <Text size="sm" mt={-12}>
        {inst.instance_title} · departs {formatDate(inst.departure_date)} ·{' '}
        <Anchor component={Link} to={pathTo('tour-group', { id: inst.tour_group_id })}>
          group of {formatDate(inst.group.start_date)}
        </Anchor>{' '}
        · {inst.booking_count} bookings, {inst.pax_count} passengers
      </Text>
      {form}
      {air && <FlightsSection inst={inst} defaultOpen={isAdmin} onChanged={reload} />}
      <PricesSection inst={inst} defaultOpen onChanged={reload} />
      <Section title="Bookings" defaultOpen={isAdmin}>
        <BookingsTable bookings={inst.bookings} />
      </Section>
    </Stack>
  );
}

interface InstanceFormValues {
  instance_title: string;
  departure_date: string | null;
  departure_airport_id: string | null;
  pickup_point_id: string | null;
  deposit_price: string | number;
  base_price: string | number;
  base_sale_price: string | number;
  base_cost: string | number;
  duration: string | number;
  minimum_age: string | number;
  release_days_before: string | number;
  tour_places: string | number;
  stop_sell: boolean;
  is_special_instance: boolean;
  travel_itinerary: string;
}

const toInstanceValues = (inst?: InstanceAnswer): InstanceFormValues => ({
  instance_title: inst?.instance_title ?? '',
  departure_date: inst?.departure_date ?? null,
  departure_airport_id: inst?.departure_airport_id ? String(inst.departure_airport_id) : null,
  pickup_point_id: inst?.pickup_point_id ? String(inst.pickup_point_id) : null,
  deposit_price: inst?.deposit_price ?? '',
  base_price: inst?.base_price ?? '',
  base_sale_price: inst?.base_sale_price ?? '',
  base_cost: inst?.base_cost ?? '',
  duration: inst?.duration ?? '',
  minimum_age: inst?.minimum_age ?? '',
  release_days_before: inst?.release_days_before ?? '',
  tour_places: inst?.tour_places ?? '',
  stop_sell: inst?.stop_sell ?? false,
  is_special_instance: inst?.is_special_instance ?? false,
  travel_itinerary: inst?.travel_itinerary ?? '',
});

const master = (v: string | number | null | undefined, money = false) =>
  v === null || v === undefined || v === '' ? undefined : `Set to ${money ? formatMoney(v) : v} in master`;

function InstanceForm({ mode, record: inst, send, onSaved }: EntityFormProps<InstanceAnswer, InstanceInput>) {
  const type = inst?.tour.tour_type ?? '';
  const place = departurePlace(type);
  const airports = useDepartureAirports();
  const lists = useTourData();
  const points = pickupPointsOf(lists.data?.pickUpRegions, inst?.group.pick_up_point_region_id);
  // The instance's own airport stays choosable when it is no longer a UK departure airport.
  const airportChoices = airportOptions(airports.data);
  const ownAirport = inst?.departure_airport_id &&
    inst.airport && { ...inst.airport, id: inst.departure_airport_id };
  if (ownAirport && !airportChoices.some((o) => o.value === String(ownAirport.id))) {
    airportChoices.unshift(...airportOptions([ownAirport]));
  }
  const entity = useEntityForm({
    schema: instanceInput,
    toValues: toInstanceValues,
    toInput: (v: InstanceFormValues): InstanceInput => ({
      instance_title: v.instance_title,
      departure_date: v.departure_date,
      departure_airport_id: v.departure_airport_id ?? '',
      pickup_point_id: v.pickup_point_id ?? '',
      self_drive: place === 'self_drive',
      deposit_price: numberText(v.deposit_price),
      base_price: numberText(v.base_price),
      base_sale_price: numberText(v.base_sale_price),
      base_cost: numberText(v.base_cost),
      duration: numberText(v.duration),
      minimum_age: numberText(v.minimum_age),
      release_days_before: numberText(v.release_days_before),
      tour_places: numberText(v.tour_places),
      stop_sell: v.stop_sell,
      is_special_instance: v.is_special_instance,
      travel_itinerary: v.travel_itinerary,
    }),
    extraValidate: (v) => departurePlaceErrors(type, v),
    permission: 'instances.update',
    mode,
    record: inst,
    send,
    onSaved,
  });
  const { form } = entity;
  const g = inst?.group;
  const t = inst?.tour;
  return (
    <EntityFormFrame entity={entity} maw={960} submitLabel="Update instance">
      <Stack gap="md">
        {/* The departure place gets the widest column: airport names are long
            ('Birmingham International Airport (BHX)') and were cut short in a third. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Title" {...form.getInputProps('instance_title')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <DateField
              label="Departure date"
              required
              clearable={false}
              {...form.getInputProps('departure_date')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            {place === 'airport' && (
              <Select
                label="Departure airport"
                required
                data={airportChoices}
                placeholder={airports.isPending ? 'Loading…' : 'Choose an airport'}
                searchable
                // Required: choosing the airport already chosen keeps it (Mantine would clear it).
                allowDeselect={false}
                {...form.getInputProps('departure_airport_id')}
              />
            )}
            {place === 'pickup_point' && (
              <Select
                label="Pickup point"
                required
                data={points.map((p) => ({ value: String(p.id), label: p.pickup_point_name }))}
                placeholder={lists.isPending ? 'Loading…' : 'Choose a pickup point'}
                searchable
                allowDeselect={false}
                {...form.getInputProps('pickup_point_id')}
              />
            )}
            {place === 'self_drive' && <Switch label="Self drive" checked readOnly mt={32} />}
          </Grid.Col>
        </Grid>
        <FieldGrid cols={3}>
          <MoneyInput
            label="Deposit price"
            placeholder={master(effectiveValue(g?.deposit_price, t?.deposit_price), true)}
            {...form.getInputProps('deposit_price')}
          />
          <MoneyInput
            label="Base price"
            placeholder={master(g?.base_price, true)}
            {...form.getInputProps('base_price')}
          />
          <MoneyInput label="Base sale price" {...form.getInputProps('base_sale_price')} />
          <MoneyInput
            label="Base cost"
            placeholder={master(g?.base_cost, true)}
            {...form.getInputProps('base_cost')}
          />
          <NumberField
            label="Duration (days)"
            min={1}
            placeholder={master(effectiveValue(g?.duration, t?.duration))}
            {...form.getInputProps('duration')}
          />
          <NumberField
            label="Minimum age"
            min={0}
            placeholder={master(effectiveValue(g?.minimum_age, t?.minimum_age))}
            {...form.getInputProps('minimum_age')}
          />
          <NumberField
            label="Release days before"
            min={0}
            placeholder={master(effectiveValue(g?.release_days_before, t?.release_days_before))}
            {...form.getInputProps('release_days_before')}
          />
          <NumberField
            label="Places available"
            min={0}
            placeholder={master(effectiveValue(g?.available_places, t?.tour_places))}
            {...form.getInputProps('tour_places')}
          />
        </FieldGrid>
        <Group gap="xl">
          <Switch label="Stop sell" {...form.getInputProps('stop_sell', { type: 'checkbox' })} />
          <Switch
            label="Special instance"
            {...form.getInputProps('is_special_instance', { type: 'checkbox' })}
          />
        </Group>
        <Textarea
          label="Instance itinerary"
          description="Overrides the master and group itinerary."
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('travel_itinerary')}
        />
      </Stack>
    </EntityFormFrame>
  );
}

const dateTime = (iso: string) => `${formatDate(iso.slice(0, 10))} ${iso.slice(11, 16)}`;

function FlightsSection({
  inst,
  defaultOpen,
  onChanged,
}: {
  inst: InstanceAnswer;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  const mayEdit = useCan('instances.update');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 500);
  const search = useQuery({
    queryKey: keys.flights.list('search', debounced),
    queryFn: ({ signal }) =>
      api.call(flightsApi.search, { params: { term: debounced }, signal }).then((r) => r.data),
    enabled: debounced.length >= 2,
  });
  const added = new Set(inst.flights.map((f) => f.id));
  /** Runs one change of the instance's flights (add, remove, indirect), shows its message, reloads. */
  const change = useNoticeMutation((call: () => Promise<{ message: string }>) => call(), {
    onSuccess: () => onChanged(),
  });
  const canEditFlight = implementedRoutes.has('flight-edit');
  return (
    <Section title="Flights" defaultOpen={defaultOpen}>
      <Stack gap="md">
        {mayEdit && (
          <div>
            <TextInput
              label="Search flights"
              description="Flight number, airport code or date (DD/MM/YYYY)"
              placeholder="e.g. EZY2201 or MAN 01/06/2027"
              value={term}
              onChange={(e) => setTerm(e.currentTarget.value)}
              w={{ base: '100%', sm: 420 }}
              rightSection={search.isFetching ? <Loader size="xs" /> : null}
            />
            {debounced.length >= 2 && search.data && (
              <Table mt="xs" withTableBorder fz="sm" aria-label="Flight search results">
                <Table.Tbody>
                  {search.data.length === 0 && (
                    <Table.Tr>
                      <Table.Td>No flights match</Table.Td>
                    </Table.Tr>
                  )}
                  {search.data.slice(0, 10).map((f) => (
                    <Table.Tr key={f.id}>
                      <Table.Td>{f.flight_number}</Table.Td>
                      <Table.Td>
                        {f.departure_airport.iata_code} → {f.arrival_airport.iata_code}
                      </Table.Td>
                      <Table.Td>{dateTime(f.departure_time)}</Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-xs"
                          disabled={added.has(f.id)}
                          onClick={() =>
                            change.mutate(() =>
                              api.call(instancesApi.addFlight, {
                                params: { id: inst.id },
                                body: { flight_id: f.id },
                              }),
                            )
                          }
                        >
                          {added.has(f.id) ? 'Added' : 'Add flight'}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </div>
        )}
        <ListTable<InstanceFlight>
          label="Flights of this instance"
          records={inst.flights}
          emptyText="No flights added"
          columns={[
            {
              accessor: 'flight_number',
              title: 'Flight number',
              render: (f) =>
                canEditFlight ? (
                  <Anchor component={Link} to={pathTo('flight-edit', { id: f.id })} size="sm">
                    {f.flight_number}
                  </Anchor>
                ) : (
                  f.flight_number
                ),
            },
            {
              accessor: 'departing',
              title: 'Departing',
              render: (f) =>
                `${f.departure_airport.airport_name} (${f.departure_airport.iata_code}) ${dateTime(f.departure_time)}`,
            },
            {
              accessor: 'arriving',
              title: 'Arriving',
              render: (f) =>
                `${f.arrival_airport.airport_name} (${f.arrival_airport.iata_code}) ${dateTime(f.arrival_time)}`,
            },
            ...(['outbound', 'inbound'] as const).map((direction) => ({
              accessor: `indirect_${direction}`,
              title: `Indirect ${direction}`,
              render: (f: InstanceFlight) => (
                <Checkbox
                  aria-label={`Indirect ${direction} ${f.flight_number}`}
                  checked={direction === 'outbound' ? f.indirect_outbound : f.indirect_inbound}
                  disabled={!mayEdit}
                  onChange={(e) => {
                    const status = e.currentTarget.checked;
                    change.mutate(() =>
                      api.call(instancesApi.flightIndirect, {
                        params: { id: inst.id, flightId: f.id },
                        body: { type: 'indirect', status, direction },
                      }),
                    );
                  }}
                />
              ),
            })),
            {
              accessor: 'actions',
              title: '',
              render: (f) =>
                mayEdit ? (
                  <ConfirmDeleteLink
                    confirmMessage={`Are you sure you want to remove flight "${f.flight_number}" from this instance ?`}
                    onConfirm={() =>
                      change.mutate(() =>
                        api.call(instancesApi.removeFlight, { params: { id: inst.id, flightId: f.id } }),
                      )
                    }
                  />
                ) : null,
            },
          ]}
        />
      </Stack>
    </Section>
  );
}

const FIELD_TITLES = { cost: 'Cost', price: 'Price', sale_price: 'Sale price' } as const;

function PricesSection({
  inst,
  defaultOpen,
  onChanged,
}: {
  inst: InstanceAnswer;
  defaultOpen: boolean;
  onChanged: () => void;
}) {
  // The rule as bookings will meet it: rooms left for the stay and stop sell (get-instance-rooms).
  const offer = useQuery({
    queryKey: keys.instances.sub(inst.id, 'offer', inst.departure_date),
    queryFn: ({ signal }) =>
      api
        .call(toursApi.instanceRooms, {
          body: { instance_id: inst.id, departure_date: inst.departure_date },
          signal,
        })
        .then((r) => new Map(r.data.map((o) => [o.tour_room_id, o]))),
  });
  const base = {
    base_price: effectiveValue(inst.base_price, inst.group.base_price),
    base_sale_price: inst.base_sale_price,
    base_cost: effectiveValue(inst.base_cost, inst.group.base_cost),
  };
  return (
    <Section title="Prices" defaultOpen={defaultOpen}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Per guest. Values left at 0.00 fall back to base price plus supplements.
        </Text>
        {inst.group_overrides && (
          <Text size="sm" c="orange.8">
            The group has its own accommodation, which overrides the tour's:{' '}
            <Anchor component={Link} to={pathTo('tour-group', { id: inst.tour_group_id })}>
              see the group
            </Anchor>
            .
          </Text>
        )}
        {!inst.tour_has_accommodation && !inst.group_overrides ? (
          <Text size="sm">
            This tour has no accommodation yet.{' '}
            <Anchor component={Link} to={pathTo('tour-edit', { id: inst.tour.id })}>
              Add accommodation to the tour
            </Anchor>{' '}
            to price its rooms.
          </Text>
        ) : (
          <ListTable<InstancePriceRoom & { id: number }>
            label="Room prices"
            records={inst.price_rooms.map((r) => ({ ...r, id: r.tour_room_id }))}
            emptyText="The accommodation has no rooms on this tour yet"
            columns={[
              { accessor: 'accommodation_name', title: 'Accommodation' },
              {
                accessor: 'name',
                title: 'Room',
                render: (r) => `${r.name}${r.board_basis ? ` (${r.board_basis})` : ''}`,
              },
              {
                accessor: 'supplement',
                title: 'Supplement',
                textAlign: 'right',
                render: (r) => formatMoney(r.supplement),
              },
              ...(['cost', 'price', 'sale_price'] as const).map((field) => ({
                accessor: field,
                title: FIELD_TITLES[field],
                render: (r: InstancePriceRoom) => (
                  <SavedMoneyCell
                    key={`${r.tour_room_id}-${r[field]}`}
                    value={r[field]}
                    permission="instances.update"
                    label={`${FIELD_TITLES[field]} of ${r.accommodation_name} ${r.name}`}
                    w={110}
                    save={(amount) =>
                      api.call(instancesApi.savePrice, {
                        params: { id: inst.id },
                        body: { tour_instance_id: inst.id, tour_room_id: r.tour_room_id, [field]: amount },
                      })
                    }
                    onSaved={onChanged}
                  />
                ),
              })),
              {
                accessor: 'remaining',
                title: 'Rooms left',
                textAlign: 'right',
                render: (r) => {
                  const o = offer.data?.get(r.tour_room_id);
                  if (!o) return offer.isPending ? '…' : '';
                  return (
                    <Text
                      size="sm"
                      c={o.stop_sell ? 'red' : undefined}
                      title={`Nights ${formatDate(o.check_in_date)} to ${formatDate(o.check_out_date)}`}
                    >
                      {o.stop_sell ? 'Stop sell' : o.remaining_availability}
                    </Text>
                  );
                },
              },
              {
                accessor: 'charged',
                title: 'Charged per guest',
                textAlign: 'right',
                render: (r) => {
                  const p = roomPrice(r, base, r.supplement);
                  return (
                    <Text
                      size="sm"
                      title={p.price_source === 'base' ? 'Base price plus supplement' : 'Instance price'}
                    >
                      {p.price ? formatMoney(p.price) : '—'}
                      {p.sale_price ? ` (sale ${formatMoney(p.sale_price)})` : ''}
                    </Text>
                  );
                },
              },
            ]}
          />
        )}
        <Title order={3} size="h6" c="dimmed">
          Base price {formatMoney(base.base_price) || 'not set'}
          {base.base_sale_price ? ` · base sale price ${formatMoney(base.base_sale_price)}` : ''}
          {base.base_cost ? ` · base cost ${formatMoney(base.base_cost)}` : ''}
        </Title>
      </Stack>
    </Section>
  );
}
