import { Grid, Select, Stack, Switch, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type JSX, useState } from 'react';
import { dateRangeProblem } from '../../../shared/api/common';
import { instancesApi } from '../../../shared/api/instances';
import type { InstanceRoomsAnswer, InstanceRow } from '../../../shared/api/tour-catalogue';
import { toursApi } from '../../../shared/api/tours';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { airportOptions, tourOptions, useDepartureAirports, useTourList } from '../../api/tours';
import { toApiDate } from '../../lib/format';
import { DateField, dateOf } from '../../ui/DateField';
import { GuestsForm, InstanceList, RoomList } from './AddTourParts';
import { bookingKeys } from './booking-api';
import { type ChosenTourLine, chosenLine, instanceQuery, placesLeftFor } from './new-booking';

export type { ChosenTourLine } from './new-booking';

/**
 * Adding a tour (spec 1 §2 'Adding a tour'), used by New booking and the booking edit screen: a
 * tour (required; suppressed ones on request), filters by UK departure airport and departure dates,
 * the tour's instances, and the chosen instance's rooms with prices (POST tours/get-instance-rooms).
 * A room is selectable only while rooms are left and it is for sale, else it reads 'Unavailable'.
 * The departure's places left show above its rooms (issue #10): a full departure offers no room,
 * and no more guests than the places left may be asked for. Choosing a room asks for guests;
 * rooms = guests ÷ occupancy rounded up (read-only), and the line's price shows as it will be
 * charged. `onAdd` gets the line; when it resolves the room choice resets.
 */
export function AddTourPanel({
  onAdd,
  busy = false,
  submitLabel = 'Add tour',
  held = [],
}: {
  // biome-ignore lint/suspicious/noConfusingVoidType: the shared props: a plain callback or a promise
  onAdd: (line: ChosenTourLine) => void | Promise<unknown>;
  busy?: boolean;
  submitLabel?: string;
  /** Lines chosen but not saved yet (New booking): their rooms and places no longer count as left. */
  held?: readonly Pick<ChosenTourLine, 'tour_instance_id' | 'tour_room_id' | 'rooms' | 'guests'>[];
}): JSX.Element {
  const [showSuppressed, setShowSuppressed] = useState(false);
  const [tourId, setTourId] = useState<string | null>(null);
  const [airportId, setAirportId] = useState<string | null>(null);
  // Departures from today on unless asked otherwise: past ones cannot be booked in practice.
  const [from, setFrom] = useState<string | null>(() => toApiDate(new Date()) ?? null);
  const [to, setTo] = useState<string | null>(null);
  const [instanceId, setInstanceId] = useState<number | null>(null);
  const [roomId, setRoomId] = useState<number | null>(null);

  const tours = useTourList({ withSuppressed: showSuppressed });
  const airports = useDepartureAirports();
  const tour = tours.data?.find((t) => String(t.id) === tourId) ?? null;

  // A typed date that cannot be read filters nothing (its field says why).
  const filters = instanceQuery({ airportId, from: dateOf(from), to: dateOf(to) });
  const instances = useQuery<InstanceRow[]>({
    queryKey: keys.tours.sub(Number(tourId), 'instances', filters),
    queryFn: ({ signal }) =>
      api
        .call(instancesApi.ofTour, { params: { id: Number(tourId) }, query: filters, signal })
        .then((r) => r.data),
    enabled: tourId !== null,
    placeholderData: keepPreviousData,
  });
  const instance = instances.data?.find((i) => i.id === instanceId && String(i.tour_id) === tourId) ?? null;

  const offer = {
    queryKey: bookingKeys.instanceRooms(instance?.id, instance?.departure_date),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<InstanceRoomsAnswer> =>
      api.call(toursApi.instanceRooms, {
        body: { instance_id: instance?.id ?? 0, departure_date: instance?.departure_date ?? '' },
        signal,
      }),
    enabled: instance !== null,
  };
  // Places left on the departure (null: no limit), less those of lines not saved yet.
  const places = useQuery({
    ...offer,
    select: (a: InstanceRoomsAnswer) => placesLeftFor(a.instance.places_left, a.instance.id, held),
  });
  const placesLeft = places.data ?? null;
  const rooms = useQuery({
    ...offer,
    // Rooms already on this unsaved booking are not left for another line.
    select: (answer: InstanceRoomsAnswer) =>
      answer.data.map((r) => {
        const taken = held
          .filter((h) => h.tour_instance_id === instance?.id && h.tour_room_id === r.tour_room_id)
          .reduce((sum, h) => sum + h.rooms, 0);
        if (taken === 0) return r;
        const left = Math.max(0, r.remaining_availability - taken);
        return { ...r, remaining_availability: left, for_sale: r.for_sale && left > 0 };
      }),
  });
  const room = rooms.data?.find((r) => r.tour_room_id === roomId) ?? null;

  const chooseTour = (id: string | null) => {
    setTourId(id);
    setInstanceId(null);
    setRoomId(null);
  };

  return (
    <Stack gap="md">
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Select
            label="Tour"
            required
            placeholder={tours.isPending ? 'Loading…' : 'Choose a tour'}
            data={tourOptions(tours.data)}
            value={tourId}
            onChange={chooseTour}
            searchable
            clearable
            nothingFoundMessage="No tour matches"
            error={tours.isError ? tours.error.message : undefined}
          />
          <Switch
            mt="xs"
            size="xs"
            label="Show suppressed tours"
            checked={showSuppressed}
            onChange={(e) => {
              setShowSuppressed(e.currentTarget.checked);
              // A suppressed tour leaves the list when they are hidden again.
              if (!e.currentTarget.checked && tour?.is_suppressed) chooseTour(null);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <Select
            label="Departure airport"
            placeholder={airports.isPending ? 'Loading…' : 'Any UK airport'}
            data={airportOptions(airports.data)}
            value={airportId}
            onChange={setAirportId}
            searchable
            clearable
            nothingFoundMessage="No airport matches"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <DateField label="Departing from" value={from} onChange={setFrom} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, md: 2 }}>
          <DateField
            label="Departing to"
            value={to}
            onChange={setTo}
            error={dateRangeProblem(dateOf(from), dateOf(to))}
          />
        </Grid.Col>
      </Grid>

      {tourId === null ? (
        <Text size="sm" c="dimmed">
          Choose a tour to see its departures.
        </Text>
      ) : (
        <InstanceList
          query={instances}
          chosenId={instance?.id ?? null}
          held={held}
          onChoose={(id) => {
            setInstanceId(id);
            setRoomId(null);
          }}
        />
      )}

      {instance && (
        <RoomList
          instance={instance}
          query={rooms}
          placesLeft={placesLeft}
          chosenId={room?.tour_room_id ?? null}
          onChoose={setRoomId}
        />
      )}

      {tour && instance && room && (
        <GuestsForm
          key={`${instance.id}-${room.tour_room_id}`}
          room={room}
          placesLeft={placesLeft}
          busy={busy}
          submitLabel={submitLabel}
          onCancel={() => setRoomId(null)}
          onAdd={async (guests, airlineRef) => {
            await onAdd(chosenLine({ tour, instance, room, guests, airline_ref: airlineRef }));
            setRoomId(null);
          }}
        />
      )}
    </Stack>
  );
}
