import { Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../shared/api/booking-edit';
import type { InstanceRow } from '../../../shared/api/tour-catalogue';
import { roomsForGuests } from '../../../shared/booking-totals';
import type { OfferedRoom } from '../../../shared/pricing';
import { formatDate, formatMoney } from '../../lib/format';
import { NumberField } from '../../ui/form';
import { QueryProblem } from '../../ui/QueryProblem';
import { bookingKeys } from './booking-api';
import {
  type ChosenTourLine,
  departurePlace,
  guestsProblem,
  isRoomAvailable,
  lineTotal,
  MAX_GUESTS,
  perGuestPrice,
  placesLeftFor,
} from './new-booking';

// The pieces of the add-a-tour panel (spec 1 §2 'Adding a tour'): the list of departures, the rooms
// of the chosen one, and the guests form for the chosen room.

export type ListQuery<T> = {
  data?: T[];
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** '3 of 17' places left; 'No limit' for a departure without one. */
const placesLeftText = (left: number | null, places: number | null | undefined) =>
  left === null ? 'No limit' : `${left} of ${places}`;

/**
 * The tour's instances matching the filters: date, title, where from, places left, stop sell. Places
 * left are the server's (places − guests of live bookings) less the guests of `held` lines not
 * saved yet — the figure the room panel shows once the departure is chosen (issue #22 point 12g).
 */
export function InstanceList({
  query,
  chosenId,
  onChoose,
  held,
}: {
  query: ListQuery<InstanceRow>;
  chosenId: number | null;
  onChoose: (id: number) => void;
  held: readonly Pick<ChosenTourLine, 'tour_instance_id' | 'guests'>[];
}) {
  if (query.error) return <QueryProblem query={query} what="departures" />;
  const rows = query.data ?? [];
  return (
    <section aria-label="Departures">
      <Group justify="space-between" mb={6}>
        <Title order={3} size="h5">
          Departures
        </Title>
        <Text size="xs" c="dimmed" aria-live="polite">
          {query.isFetching ? 'Loading…' : `${rows.length} found`}
        </Text>
      </Group>
      {!query.isPending && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No departures match these filters.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
          <Table striped highlightOnHover withTableBorder stickyHeader fz="sm" aria-label="Departures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Departure</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Departs from</Table.Th>
                <Table.Th ta="right">Places left</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => {
                const chosen = i.id === chosenId;
                const label = `${formatDate(i.departure_date)}${i.instance_title ? ` ${i.instance_title}` : ''}`;
                return (
                  <Table.Tr key={i.id} bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(i.departure_date)}</Table.Td>
                    <Table.Td>
                      {i.instance_title ?? '—'}
                      {i.stop_sell && (
                        <Badge ml="xs" size="xs" color="red" variant="light">
                          Stop sell
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{departurePlace(i) || '—'}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {placesLeftText(placesLeftFor(i.places_left, i.id, held), i.places)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'light'}
                        onClick={() => onChoose(i.id)}
                        aria-pressed={chosen}
                        aria-label={`Choose departure ${label}`}
                      >
                        {chosen ? 'Chosen' : 'Choose'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}

/**
 * The chosen instance's rooms, priced per guest, under the departure's places left (issue #10);
 * 'Unavailable' when none are left, not for sale, or the departure is full.
 */
export function RoomList({
  instance,
  query,
  placesLeft,
  chosenId,
  onChoose,
}: {
  instance: InstanceRow;
  query: ListQuery<OfferedRoom>;
  /** Places left on the departure; null: no limit. */
  placesLeft: number | null;
  chosenId: number | null;
  onChoose: (id: number) => void;
}) {
  const heading = `Rooms on ${formatDate(instance.departure_date)}${instance.instance_title ? ` · ${instance.instance_title}` : ''}`;
  if (query.error) return <QueryProblem query={query} what="rooms" />;
  const rows = query.data ?? [];
  return (
    <section aria-label="Rooms">
      <Group justify="space-between" mb={6} gap="sm">
        <Title order={3} size="h5">
          {heading}
        </Title>
        {placesLeft !== null && (
          <Badge
            size="lg"
            variant="light"
            color={placesLeft === 0 ? 'red' : placesLeft <= 4 ? 'orange' : 'teal'}
            aria-label={`Places left ${placesLeft}`}
          >
            Places left {placesLeft}
          </Badge>
        )}
      </Group>
      {placesLeft === 0 && (
        <Text size="sm" c="red.8" mb={6} role="status">
          This departure is full: no places are left.
        </Text>
      )}
      {rows[0]?.sale_closed && (
        <Text size="sm" c="red.8" mb={6} role="status">
          {rows[0].sale_closed}
        </Text>
      )}
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading rooms…
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.noRooms}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover withTableBorder fz="sm" aria-label="Rooms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Accommodation</Table.Th>
                <Table.Th>Room</Table.Th>
                <Table.Th>Board basis</Table.Th>
                <Table.Th ta="right">Occupancy</Table.Th>
                <Table.Th ta="right">Price per guest</Table.Th>
                <Table.Th ta="right">Rooms left</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const available = isRoomAvailable(r, placesLeft);
                const chosen = r.tour_room_id === chosenId;
                const sale = perGuestPrice(r);
                return (
                  <Table.Tr
                    key={r.tour_room_id}
                    bg={chosen ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td>{r.accommodation.name}</Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.board_basis ?? '—'}</Table.Td>
                    <Table.Td ta="right">{r.occupancy}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {sale !== null && sale !== r.price && r.price !== null && (
                        <Text span size="xs" c="dimmed" td="line-through" mr={6}>
                          {formatMoney(r.price)}
                        </Text>
                      )}
                      {sale === null ? '—' : formatMoney(sale)}
                    </Table.Td>
                    <Table.Td ta="right">{r.remaining_availability}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant={chosen ? 'filled' : 'light'}
                        color={available ? undefined : 'gray'}
                        disabled={!available}
                        onClick={() => onChoose(r.tour_room_id)}
                        aria-pressed={chosen}
                        aria-label={
                          available ? `Select ${r.name} at ${r.accommodation.name}` : `${r.name} unavailable`
                        }
                      >
                        {!available ? 'Unavailable' : chosen ? 'Selected' : 'Select'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/**
 * Guests for the chosen room (min 1, at most the departure's places left), the rooms they need
 * (read-only) and the line's price.
 */
export function GuestsForm({
  room,
  placesLeft,
  busy,
  submitLabel,
  onAdd,
  onCancel,
}: {
  room: OfferedRoom;
  /** Places left on the departure; null: no limit. */
  placesLeft: number | null;
  busy: boolean;
  submitLabel: string;
  onAdd: (guests: number, airlineRef: string) => Promise<void>;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [guests, setGuests] = useState<number | string>(() =>
    Math.max(
      1,
      Math.min(room.occupancy, room.occupancy * room.remaining_availability, placesLeft ?? MAX_GUESTS),
    ),
  );
  const [airlineRef, setAirlineRef] = useState('');
  const [adding, setAdding] = useState(false);
  const [touched, setTouched] = useState(false);
  const problem = guestsProblem(guests, room, placesLeft);
  const n = problem ? null : Number(guests);
  const working = busy || adding;

  const add = async () => {
    setTouched(true);
    if (n === null) return;
    setAdding(true);
    try {
      await onAdd(n, airlineRef);
    } catch {
      // The caller has shown why; the choice stays for another try.
    } finally {
      setAdding(false);
      // Whatever happened, the rooms left may have changed.
      void queryClient.invalidateQueries({ queryKey: bookingKeys.instanceRooms() });
    }
  };

  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
      <form
        aria-label="Guests for the chosen room"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // Stops the submit reaching a form this panel may sit in.
          e.stopPropagation();
          void add();
        }}
      >
        <Text fw={600} size="sm" mb="sm">
          {room.accommodation.name} – {room.name}
          {room.board_basis ? `, ${room.board_basis}` : ''} · sleeps {room.occupancy} ·{' '}
          {formatMoney(perGuestPrice(room))} per guest · {room.remaining_availability}{' '}
          {room.remaining_availability === 1 ? 'room' : 'rooms'} left
          {placesLeft !== null && ` · ${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`}
        </Text>
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberField
            label="Guests"
            required
            min={1}
            max={MAX_GUESTS}
            w={110}
            value={guests}
            onChange={setGuests}
            onBlur={() => setTouched(true)}
            error={touched || guests !== '' ? problem : null}
            data-autofocus
          />
          <TextInput
            label="Rooms"
            readOnly
            w={90}
            value={n === null ? '' : String(roomsForGuests(n, room.occupancy))}
          />
          <TextInput
            label="Airline reference"
            w={180}
            maxLength={50}
            value={airlineRef}
            onChange={(e) => setAirlineRef(e.currentTarget.value)}
          />
          <Stack gap={2} mt={4}>
            <Text size="sm" fw={500}>
              Price
            </Text>
            <Text size="lg" fw={700} aria-live="polite" aria-label="Line price">
              {n === null ? '—' : formatMoney(lineTotal(room, n))}
            </Text>
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button type="submit" disabled={working || problem !== null}>
            {working ? 'Adding...' : submitLabel}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
