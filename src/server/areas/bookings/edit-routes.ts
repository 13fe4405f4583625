import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptChangeSchema,
  addTourLineSchema,
  bookingCreateSchema,
  bookingUpdateSchema,
  cancelSchema,
  customAirlineSchema,
  discountApplySchema,
  extrasUpdateSchema,
  passengerSchema,
  tourLineUpdateSchema,
  updateAccommodationSchema,
} from '../../../shared/api/booking-edit';
import { idSchema, optionalId } from '../../../shared/api/common';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  addTourToBooking,
  applyDiscount,
  availableExtras,
  removeDiscount,
  removePassenger,
  removeTourFromBooking,
  savePassenger,
  updateExtras,
  updateLineAccommodation,
  updateSpecialRequest,
  updateTourLine,
} from './booking-items';
import {
  acceptBookingChange,
  cancelBooking,
  confirmByAgent,
  createBooking,
  updateBooking,
  updateCustomAirline,
} from './booking-service';
import { getBookingDetail } from './detail';
import { markScreenLeft, markScreenOpen } from './presence';

const tags = ['bookings'];
const version = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** JSON text fields of a multipart form (arrays sent by api.upload) parsed back into values. */
const jsonField = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/**
 * One booking's calls (spec 1 §7): create, read, edit, tour lines, passengers, extras,
 * discounts, special request, cancel, agent confirmation, accepting changes, custom airline email.
 * Each handler parses, calls one service function and answers the spec's envelope.
 */
export const bookingEditRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, mailer, files }) => {
  app.post(
    '/bookings',
    {
      config: { permission: 'bookings.create' },
      schema: {
        tags,
        summary: 'Create a booking with its tour lines (rooms taken, priced by the rule).',
        body: bookingCreateSchema,
      },
    },
    async (req) =>
      ok('Booking created successfully.', { data: await createBooking(db, req.body, req.user.id) }),
  );

  app.get(
    '/bookings/:id',
    {
      schema: {
        tags,
        summary: 'One booking: data.booking[0] with totals, and the lists the screen offers.',
        params: idParams,
      },
    },
    async (req) => getBookingDetail(db, req.params.id),
  );

  app.post(
    '/bookings/:id/screen-open',
    {
      config: { permission: 'bookings.screenPresence' },
      schema: {
        tags,
        summary: 'Flag the edit screen open for me (every 30 s); answers who else has it open.',
        params: idParams,
      },
    },
    async (req) => ({ success: true, data: await markScreenOpen(db, req.params.id, req.user.id) }),
  );

  app.post(
    '/bookings/:id/screen-left',
    {
      config: { permission: 'bookings.screenPresence' },
      schema: { tags, summary: 'Clear my open-screen flag on this booking.', params: idParams },
    },
    async (req) => {
      await markScreenLeft(db, req.params.id, req.user.id);
      return { success: true };
    },
  );

  app.post(
    '/bookings/:id',
    {
      config: { permission: 'bookings.update' },
      schema: {
        tags,
        summary: 'Update the summary fields of a booking (only those sent).',
        params: idParams,
        body: bookingUpdateSchema,
      },
    },
    async (req) => {
      const r = await updateBooking(db, mailer, req.params.id, req.body, req.user.id);
      const message = r.notified
        ? 'The customer has been emailed the reasons for the change.'
        : r.changed
          ? 'Booking updated successfully.'
          : 'Nothing to change.';
      return ok(message, { data: { version: r.version } });
    },
  );

  app.post(
    '/bookings/:id/cancel',
    {
      config: { permission: 'bookings.cancel' },
      schema: {
        tags,
        summary: 'Cancel a booking: charge (default: the policy), rooms released.',
        params: idParams,
        body: cancelSchema.optional(),
      },
    },
    async (req) => {
      await cancelBooking(db, req.params.id, req.body ?? {}, req.user.id);
      return ok('Booking cancelled successfully.');
    },
  );

  app.post(
    '/bookings/:id/agent-confirm',
    {
      config: { permission: 'bookings.agentConfirm' },
      schema: { tags, summary: 'Mark an agent booking confirmed.', params: idParams },
    },
    async (req) => {
      await confirmByAgent(db, req.params.id, req.user.id);
      return ok('Booking marked as confirmed.');
    },
  );

  app.post(
    '/bookings/:id/accept-booking-change',
    {
      config: { permission: 'bookings.acceptChange' },
      schema: {
        tags,
        summary: 'Accept the booking changes; optionally email the customer.',
        params: idParams,
        body: acceptChangeSchema.optional(),
      },
    },
    async (req) => {
      const send = req.body ?? { send_email: 'no' as const };
      const data = await acceptBookingChange(db, mailer, req.params.id, send, req.user.id);
      return {
        status: true,
        message: send.send_email === 'yes' ? 'Changes accepted and the email was sent.' : 'Changes accepted.',
        data,
      };
    },
  );

  app.post(
    '/update-booking/:id/update-booking-custom-airline',
    {
      config: { permission: 'bookings.customAirline' },
      schema: {
        tags,
        summary: 'Set or clear the custom airline reference email.',
        params: idParams,
        body: customAirlineSchema,
      },
    },
    async (req) => {
      await updateCustomAirline(db, req.params.id, req.body, req.user.id);
      return ok('Custom airline reference email updated.');
    },
  );

  app.post(
    '/update-booking/:id/update-tours',
    {
      config: { permission: 'bookings.tours' },
      schema: {
        tags,
        summary: 'Add a tour line (rooms taken; balance due moves).',
        params: idParams,
        body: addTourLineSchema,
      },
    },
    async (req) => ({
      status: true,
      message: 'Tour added to the booking.',
      ...(await addTourToBooking(db, req.params.id, req.body, req.user.id)),
    }),
  );

  app.post(
    '/update-booking/remove-tour/:id',
    {
      config: { permission: 'bookings.tours' },
      schema: {
        tags,
        summary: 'Remove a tour line (its rooms given back).',
        params: idParams,
        body: z.object({ holiday_booking_id: optionalId, version }).optional(),
      },
    },
    async (req) => {
      const r = await removeTourFromBooking(db, req.params.id, req.body ?? {}, req.user.id);
      return {
        status: true,
        message: 'Tour removed from the booking.',
        updated_balance_due_date: r.updated_balance_due_date,
      };
    },
  );

  app.post(
    '/update-booking/update-booking-tour-supplements',
    {
      config: { permission: 'bookings.tours' },
      schema: {
        tags,
        summary:
          'Edit a tour line: guests, price, airline ref and costs (PDF invoices), passengers, requests (multipart or JSON).',
      },
    },
    async (req) => {
      const { fields, files: uploads } = await readFormOrJson(req);
      const v = parseFields(tourLineUpdateSchema, {
        ...fields,
        passengers: jsonField(fields.passengers),
        airline_cost: jsonField(fields.airline_cost),
      });
      const r = await updateTourLine(db, files, v, uploads, req.user.id);
      for (const key of r.removedFiles) await files.remove(key);
      return { status: true, message: 'Tour booking updated successfully.' };
    },
  );

  app.post(
    '/bookings/tour-booking/update-accommodation',
    {
      config: { permission: 'bookings.tours' },
      schema: {
        tags,
        summary: 'Move a tour line to another room of its instance (repriced; rooms moved).',
        body: updateAccommodationSchema,
      },
    },
    async (req) => {
      await updateLineAccommodation(db, req.body, req.user.id);
      return ok('Accommodation updated successfully.');
    },
  );

  app.post(
    '/update-booking/update-pessenger',
    {
      config: { permission: 'bookings.passengers' },
      schema: { tags, summary: 'Add a passenger (or update one when id is sent).', body: passengerSchema },
    },
    async (req) => {
      const r = await savePassenger(db, req.body, req.user.id);
      return {
        status: true,
        message: req.body.id ? 'Passenger updated successfully.' : 'Passenger added successfully.',
        passenger_list: r.passenger_list,
      };
    },
  );

  app.post(
    '/update-booking/update-pessenger-detail',
    {
      config: { permission: 'bookings.passengers' },
      schema: { tags, summary: 'Update a passenger.', body: passengerSchema.extend({ id: idSchema }) },
    },
    async (req) => {
      await savePassenger(db, req.body, req.user.id);
      return { status: true, message: 'Passenger updated successfully.' };
    },
  );

  app.post(
    '/update-booking/remove-passenger/:id',
    {
      config: { permission: 'bookings.passengers' },
      schema: {
        tags,
        summary: 'Remove a passenger.',
        params: idParams,
        body: z.object({ holiday_booking_id: optionalId, version }).optional(),
      },
    },
    async (req) => {
      const r = await removePassenger(db, req.params.id, req.body ?? {}, req.user.id);
      return { status: true, message: 'Passenger removed successfully.', passenger_list: r.passenger_list };
    },
  );

  app.post(
    '/extras/get-booking/extra',
    {
      config: { permission: 'bookings.availableExtras' },
      schema: {
        tags,
        summary: 'The catalogue extras a booking may take.',
        body: z.object({ holiday_booking_id: idSchema }).loose(),
      },
    },
    async (req) => ({ success: true, data: await availableExtras(db, req.body.holiday_booking_id) }),
  );

  app.post(
    '/update-booking/update-extras/:id',
    {
      config: { permission: 'bookings.extras' },
      schema: {
        tags,
        summary: "Replace the booking's extras (qty, note).",
        params: idParams,
        body: extrasUpdateSchema,
      },
    },
    async (req) => {
      await updateExtras(db, req.params.id, req.body, req.user.id);
      return { status: true, message: 'Extras updated successfully.' };
    },
  );

  app.post(
    '/update-booking/update-discount',
    {
      config: { permission: 'bookings.discounts' },
      schema: { tags, summary: 'Apply a discount to a booking.', body: discountApplySchema },
    },
    async (req) => {
      await applyDiscount(db, req.body, req.user.id);
      return { status: true, message: 'Discount applied successfully.' };
    },
  );

  app.post(
    '/update-booking/delete-discount',
    {
      config: { permission: 'bookings.discounts' },
      schema: {
        tags,
        summary: 'Remove an applied discount (discount_id = the applied row id).',
        body: z.object({ discount_id: idSchema, version }),
      },
    },
    async (req) => {
      await removeDiscount(db, req.body, req.user.id);
      return { status: true, message: 'Discount removed successfully.' };
    },
  );

  app.post(
    '/update-booking/update-special-request',
    {
      config: { permission: 'bookings.specialRequest' },
      schema: {
        tags,
        summary: "Update the booking's special request.",
        body: z.object({
          holiday_booking_id: idSchema,
          special_req: z
            .string()
            .max(5000)
            .nullish()
            .transform((v) => v ?? ''),
          version,
        }),
      },
    },
    async (req) => {
      await updateSpecialRequest(db, req.body, req.user.id);
      return { status: true, message: 'Special request updated successfully.' };
    },
  );
};
