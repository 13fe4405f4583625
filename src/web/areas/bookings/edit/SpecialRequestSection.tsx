import { Button, Group, Stack, Textarea } from '@mantine/core';
import {
  type BookingDetail,
  bookingEditApi,
  specialRequestSchema,
} from '../../../../shared/api/booking-edit';
import { api } from '../../../api/client';
import { useEntityForm } from '../../../ui/entity';
import { useCan } from '../../../ui/permissions';
import { useReloadBooking } from '../booking-api';
import { quietWhenStatusFalse, wasStatusFalse } from './section-kit';

/**
 * The booking's special request (spec 1 §2, §7 POST update-booking/update-special-request):
 * editable by role 1 (checked with the shared specialRequestSchema), read-only for others. A
 * `status: false` answer shows nothing (§8).
 */
export function SpecialRequestSection({ booking, canEdit }: { booking: BookingDetail; canEdit: boolean }) {
  const allowed = useCan('bookings.specialRequest');
  const saved = booking.special_request ?? '';
  if (!(canEdit && allowed))
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
  // A newly saved text starts the form again; other changes to the booking keep what is typed.
  return <SpecialRequestForm key={saved} booking={booking} />;
}

function SpecialRequestForm({ booking }: { booking: BookingDetail }) {
  const reload = useReloadBooking(booking.id);
  const saved = booking.special_request ?? '';
  const entity = useEntityForm({
    schema: specialRequestSchema,
    toValues: (b?: BookingDetail) => ({ special_req: b?.special_request ?? '' }),
    toInput: (v: { special_req: string }) => ({
      holiday_booking_id: booking.id,
      special_req: v.special_req,
      version: booking.version,
    }),
    permission: 'bookings.specialRequest',
    mode: 'update',
    record: booking,
    send: (body) => quietWhenStatusFalse(api.call(bookingEditApi.specialRequest, { body })),
    onSaved: (answer) => {
      if (wasStatusFalse(answer)) entity.form.setErrors(answer.fieldErrors);
      else void reload();
    },
  });
  const { form, onSubmit, saving } = entity;
  return (
    <form aria-label="Special request" onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          aria-label="Special request text"
          placeholder="Special requests of the customer (dietary needs, room preferences, …)"
          autosize
          minRows={3}
          maxRows={12}
          maxLength={5000}
          {...form.getInputProps('special_req')}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={saving || form.getValues().special_req === saved}>
            {saving ? 'Updating...' : 'Update special request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
