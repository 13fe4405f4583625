import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  type BookingDetail,
  type BookingTourLine,
  bookingEditApi,
  MESSAGES,
} from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { formatDate } from '../../../lib/format';
import { confirmAction } from '../../../ui/confirm';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { AddTourButton } from './AddTourModal';
import { EditAccommodationModal } from './EditAccommodationModal';
import { TourLineCard } from './TourLineCard';
import { TourLineEditModal } from './TourLineEditModal';

type Open = { kind: 'edit' | 'accommodation'; id: number } | null;

/**
 * Booking items (spec 1 §2 'Tour line'): one card per tour line; role 1 has Edit, Edit
 * Accommodation and Remove on each, and 'Add tour'. Removing asks first → POST
 * update-booking/remove-tour/{id} (the server moves balance_due and writes the history). A
 * cancelled booking's lines are read-only (issue #10; the server refuses them too).
 */
export function TourLinesSection({ booking }: { booking: BookingDetail }) {
  const mayChange = useCan('bookings.tours') && !booking.cancelled_at;
  const [open, setOpen] = useState<Open>(null);
  const remove = useBookingChange(booking, (line: BookingTourLine, b) =>
    api.call(bookingEditApi.removeTour, {
      params: { id: line.id },
      body: { holiday_booking_id: b.id, version: b.version },
    }),
  );
  const askRemove = async (line: BookingTourLine) => {
    const ok = await confirmAction(
      `Remove ${line.tour.name} (departing ${formatDate(line.instance.departure_date)}) from this booking? Its rooms go back on sale.`,
      { title: 'Remove tour', confirmLabel: 'Remove', danger: true },
    );
    if (ok) remove.mutate(line);
  };
  const close = () => setOpen(null);
  // The line as currently loaded (the booking may reload while a modal is open).
  const openLine = open ? booking.tour_bookings.find((l) => l.id === open.id) : undefined;
  return (
    <Stack gap="md">
      {booking.tour_bookings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {MESSAGES.noTours}
        </Text>
      ) : (
        booking.tour_bookings.map((line) => (
          <TourLineCard
            key={line.id}
            line={line}
            booking={booking}
            actions={
              mayChange && (
                <>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setOpen({ kind: 'edit', id: line.id })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setOpen({ kind: 'accommodation', id: line.id })}
                  >
                    Edit Accommodation
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => askRemove(line)}
                    disabled={remove.isPending}
                  >
                    {remove.isPending && remove.variables?.id === line.id ? 'Updating...' : 'Remove'}
                  </Button>
                </>
              )
            }
          />
        ))
      )}
      {open?.kind === 'edit' && openLine && (
        <TourLineEditModal
          // A reloaded booking (new version) starts the form again from what is stored.
          key={`${openLine.id}-${booking.version}`}
          booking={booking}
          line={openLine}
          opened
          onClose={close}
        />
      )}
      {open?.kind === 'accommodation' && openLine && (
        <EditAccommodationModal booking={booking} line={openLine} opened onClose={close} />
      )}
    </Stack>
  );
}

/** The section's 'Add tour' action (role 1), for the card's title row. */
export function TourLinesActions({ booking }: { booking: BookingDetail }) {
  const mayChange = useCan('bookings.tours');
  // Tours are not added to a cancelled booking (the server refuses it).
  return mayChange && !booking.cancelled_at ? <AddTourButton booking={booking} label="Add tour" /> : null;
}
