import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type AccommodationPreview,
  type BookingDetail,
  type BookingTourLine,
  bookingEditApi,
  MESSAGES,
} from '../../../../shared/api/booking-edit';
import { toursApi } from '../../../../shared/api/tours';
import type { OfferedRoom } from '../../../../shared/pricing';
import { api } from '../../../api/client';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/Modal';
import { bookingKeys, useBookingChange } from '../booking-api';

/**
 * 'Edit Accommodation' of a tour line (spec 1 §2, role 1): the rooms the line's instance offers
 * (POST tours/get-instance-rooms) with their per-guest price and rooms left for the stay; a room
 * with none left reads 'Unavailable' and cannot be chosen; none at all reads 'No Accommodation
 * Found'. Choosing one asks POST …/update-accommodation/preview what it would do (issue #22 point
 * 7: the server's own pricing, nothing changed) and shows old → new room and total; only 'Confirm
 * change' sends POST bookings/tour-booking/update-accommodation, 'Cancel' goes back to the rooms.
 */
export function EditAccommodationModal({
  booking,
  line,
  opened,
  onClose,
}: {
  booking: BookingDetail;
  line: BookingTourLine;
  opened: boolean;
  onClose: () => void;
}) {
  const offer = useQuery({
    queryKey: bookingKeys.instanceRooms(line.instance.id, line.instance.departure_date),
    queryFn: ({ signal }) =>
      api.call(toursApi.instanceRooms, {
        body: { instance_id: line.instance.id, departure_date: line.instance.departure_date },
        signal,
      }),
    select: (answer) => answer.data,
    enabled: opened,
    // Rooms left change with every booking: ask again each time the modal opens.
    staleTime: 0,
  });
  const body = (room: OfferedRoom) => ({
    tour_booking_id: line.id,
    room_id: room.tour_room_id,
    accommodation_id: room.accommodation.id,
    version: booking.version,
  });
  const [confirming, setConfirming] = useState<{ room: OfferedRoom; preview: AccommodationPreview } | null>(
    null,
  );
  const preview = useMutation({
    mutationFn: (room: OfferedRoom) =>
      api
        .call(bookingEditApi.previewAccommodation, { body: body(room) })
        .then((a) => ({ room, preview: a.data })),
    onSuccess: setConfirming,
    onError: (err) => notifications.show({ color: 'red', title: 'Error', message: err.message }),
  });
  const choose = useBookingChange(
    booking,
    (room: OfferedRoom, b) =>
      api.call(bookingEditApi.updateAccommodation, { body: { ...body(room), version: b.version } }),
    { onSuccess: onClose },
  );
  const rooms = offer.data ?? [];
  const busy = choose.isPending || preview.isPending;
  return (
    <Modal
      opened={opened}
      onClose={() => !choose.isPending && onClose()}
      title={`Edit Accommodation — ${line.tour.name}`}
      size="xl"
    >
      {confirming ? (
        <ConfirmRoomChange
          preview={confirming.preview}
          busy={choose.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => choose.mutate(confirming.room)}
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {line.guests} guest{line.guests === 1 ? '' : 's'}; prices are per guest. Rooms left are for the
            whole stay.
          </Text>
          {offer.isPending ? (
            <Center mih={120}>
              <Loader size="sm" />
            </Center>
          ) : offer.isError ? (
            <Alert color="red" title="The rooms could not be loaded">
              {offer.error.message}
            </Alert>
          ) : rooms.length === 0 ? (
            <Text size="sm" ta="center" py="lg">
              {MESSAGES.noAccommodation}
            </Text>
          ) : (
            <Table striped withTableBorder verticalSpacing={6} aria-label="Rooms offered">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Accommodation</Table.Th>
                  <Table.Th>Room</Table.Th>
                  <Table.Th>Occupancy</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Rooms left</Table.Th>
                  <Table.Th w={120} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rooms.map((r) => {
                  const current = r.tour_room_id === line.tour_room_id;
                  const available = r.remaining_availability > 0;
                  return (
                    <Table.Tr key={r.tour_room_id}>
                      <Table.Td>{r.accommodation.name}</Table.Td>
                      <Table.Td>
                        {r.name}
                        {r.board_basis ? ` · ${r.board_basis}` : ''}
                      </Table.Td>
                      <Table.Td>{r.occupancy}</Table.Td>
                      <Table.Td ta="right">
                        {r.sale_price && r.sale_price !== '0.00' ? (
                          <>
                            {formatMoney(r.sale_price)}{' '}
                            <Text span size="xs" c="dimmed" td="line-through">
                              {formatMoney(r.price)}
                            </Text>
                          </>
                        ) : (
                          formatMoney(r.price) || '—'
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{r.remaining_availability}</Table.Td>
                      <Table.Td ta="right">
                        {current ? (
                          <Badge variant="light" radius="sm" tt="none">
                            Current
                          </Badge>
                        ) : (
                          <Button
                            size="compact-sm"
                            variant={available ? 'light' : 'default'}
                            disabled={!available || busy}
                            onClick={() => preview.mutate(r)}
                            aria-label={available ? `Choose ${r.accommodation.name} ${r.name}` : undefined}
                          >
                            {!available
                              ? 'Unavailable'
                              : preview.isPending && preview.variables === r
                                ? 'Checking...'
                                : 'Choose'}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The confirm step of a room change (issue #22 point 7): old → new room and total as the server
 * would price them, rooms and price per guest; nothing is changed until 'Confirm change'.
 */
function ConfirmRoomChange({
  preview: p,
  busy,
  onCancel,
  onConfirm,
}: {
  preview: AccommodationPreview;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const rooms = (n: number) => `${n} room${n === 1 ? '' : 's'}`;
  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" title="Check the change before you confirm">
        <Text size="sm" fw={600}>
          Change room: {p.room_before} → {p.room_after}; total {formatMoney(p.total_before)} →{' '}
          {formatMoney(p.total_after)}
        </Text>
        <Text size="sm" mt={4}>
          {rooms(p.rooms_before)} at {formatMoney(p.price_before)} per guest → {rooms(p.rooms_after)} at{' '}
          {formatMoney(p.price_after)} per guest. Nothing has changed yet.
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} data-autofocus>
          {busy ? 'Updating...' : 'Confirm change'}
        </Button>
      </Group>
    </Stack>
  );
}
