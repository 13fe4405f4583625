import { Button } from '@mantine/core';
import { useState } from 'react';
import { type BookingDetail, bookingEditApi } from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { Modal } from '../../../ui/Modal';
import { AddTourPanel } from '../AddTourPanel';
import { useBookingChange } from '../booking-api';
import type { ChosenTourLine } from '../new-booking';

/**
 * 'Add tour' on the booking edit screen (and 'Relink tour' on an imported booking without tour
 * lines, spec 1 §2): the add-a-tour panel in a modal → POST update-booking/{id}/update-tours. The
 * server charges what the price rule gives, moves balance_due and writes the history.
 */
export function AddTourButton({ booking, label }: { booking: BookingDetail; label: string }) {
  const [opened, setOpened] = useState(false);
  const add = useBookingChange(
    booking,
    (line: ChosenTourLine, b) =>
      api.call(bookingEditApi.addTour, {
        params: { id: b.id },
        body: {
          tour_id: line.tour_id,
          tour_instance_id: line.tour_instance_id,
          tour_room_id: line.tour_room_id,
          guests: line.guests,
          rooms: line.rooms,
          price: line.price,
          ...(line.cost ? { cost: line.cost } : {}),
          ...(line.airline_ref ? { airline_ref: line.airline_ref } : {}),
          version: b.version,
        },
      }),
    { onSuccess: () => setOpened(false) },
  );
  return (
    <>
      <Button size="compact-sm" onClick={() => setOpened(true)}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={() => !add.isPending && setOpened(false)}
        title={label === 'Add tour' ? 'Add tour to booking' : label}
        size="80rem"
      >
        {opened && (
          <AddTourPanel
            onAdd={(line: ChosenTourLine) => add.mutateAsync(line)}
            busy={add.isPending}
            submitLabel="Add to booking"
          />
        )}
      </Modal>
    </>
  );
}
