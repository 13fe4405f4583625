import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { BookingDetail } from '../../../../shared/api/booking-edit';
import { ApiError, api } from '../../../api/client';
import { useCan } from '../../../ui/permissions';
import { useBookingChange } from '../booking-api';
import { quietWhenStatusFalse, wasStatusFalse } from './section-kit';

/**
 * The booking's special request (spec 1 §2, §7 POST update-booking/update-special-request):
 * editable by role 1, read-only for others. A `status: false` answer shows nothing (§8).
 */
export function SpecialRequestSection({ booking, canEdit }: { booking: BookingDetail; canEdit: boolean }) {
  const allowed = useCan('bookings.specialRequest');
  const mayEdit = canEdit && allowed;
  const saved = booking.special_request ?? '';
  const [text, setText] = useState(saved);
  // A reloaded booking brings the saved text back (unless it is what is being typed).
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setText(saved);
  }
  const [error, setError] = useState<string | null>(null);
  const save = useBookingChange(booking, (special_req: string, b) =>
    quietWhenStatusFalse(
      api.post<{ message?: string }>('/update-booking/update-special-request', {
        holiday_booking_id: b.id,
        special_req,
        version: b.version,
      }),
    ),
  );
  if (!mayEdit)
    return (
      <Textarea
        aria-label="Special request text"
        readOnly
        autosize
        minRows={2}
        maxRows={12}
        value={saved}
        placeholder="No special request."
        variant="filled"
      />
    );
  return (
    <form
      aria-label="Special request"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          const answer = await save.mutateAsync(text);
          if (wasStatusFalse(answer)) setError(answer.fieldErrors.special_req ?? null);
        } catch (err) {
          if (err instanceof ApiError)
            setError(err.fieldErrors.special_req ?? err.fieldErrors.special_request ?? null);
        }
      }}
    >
      <Stack gap="xs">
        <Textarea
          aria-label="Special request text"
          placeholder="Special requests of the customer (dietary needs, room preferences, …)"
          autosize
          minRows={3}
          maxRows={12}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={save.isPending || text === saved}>
            {save.isPending ? 'Updating...' : 'Update special request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
