import type { FastifyPluginAsync } from 'fastify';
import { bookingEditApi, tourLineUpdateSchema } from '../../../shared/api/booking-edit';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  acceptBookingChange,
  cancelBooking,
  confirmByAgent,
  updateBooking,
  updateCustomAirline,
  withFiles,
} from './booking-service';
import { createBooking } from './create-booking';
import { getBookingDetail } from './detail';
import { applyDiscount, removeDiscount } from './items/discounts';
import { availableExtras, availableExtrasOfBooking, updateExtras } from './items/extras';
import { removePassenger, savePassenger } from './items/passengers';
import { updateSpecialRequest } from './items/special-request';
import {
  addTourToBooking,
  previewLineAccommodation,
  removeTourFromBooking,
  updateLineAccommodation,
  updateTourLine,
} from './items/tours';
import { markScreenLeft, markScreenOpen } from './presence';

/** JSON text fields of a multipart form (arrays sent by api.call as JSON text) parsed back into values. */
const jsonField = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/**
 * One booking's calls (spec 1 §7): the endpoints of `bookingEditApi` — create, read, edit, tour
 * lines, passengers, extras, discounts, special request, cancel, agent confirmation, accepting
 * changes, custom airline email. Each handler calls one service function and answers the spec's
 * envelope.
 */
export const bookingEditRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files, outbox, config }) => {
  const tags = ['bookings'];
  const api = bookingEditApi;
  // Tour line and passenger changes may issue a new ATOL certificate (issue #12), whose email waits
  // in the outbox: kick it once the change has committed.
  const docs = { files, outbox };
  const kicked = async <T>(change: Promise<T>) => {
    const r = await change;
    outbox.kick();
    return r;
  };

  route(app, api.create, { tags }, async (req) =>
    ok('Booking created successfully.', { data: await createBooking(db, req.body, req.user.id) }),
  );

  route(app, api.get, { tags }, async (req) => getBookingDetail(db, req.params.id));

  route(app, api.screenOpen, { tags }, async (req) => ({
    success: true as const,
    data: await markScreenOpen(db, req.params.id, req.user.id),
  }));

  route(app, api.screenLeft, { tags }, async (req) => {
    await markScreenLeft(db, req.params.id, req.user.id);
    return { success: true as const };
  });

  route(app, api.update, { tags }, async (req) => {
    const r = await updateBooking(db, { files, outbox }, req.params.id, req.body, req.user.id);
    const message = r.notified
      ? 'The customer has been emailed the reasons for the change.'
      : r.changed
        ? 'Booking updated successfully.'
        : 'Nothing to change.';
    return ok(message, { data: { version: r.version } });
  });

  route(app, api.cancel, { tags }, async (req) => {
    await cancelBooking(db, req.params.id, req.body ?? {}, req.user.id);
    return ok('Booking cancelled successfully.');
  });

  route(app, api.agentConfirm, { tags }, async (req) => {
    await confirmByAgent(db, req.params.id, req.user.id);
    return ok('Booking marked as confirmed.');
  });

  route(app, api.acceptChange, { tags }, async (req) => {
    const send = req.body ?? { send_email: 'no' as const };
    const data = await acceptBookingChange(db, { files, outbox, config }, req.params.id, send, req.user.id);
    return {
      status: true as const,
      message: data.email
        ? [
            `Changes accepted. Emailed ${data.email.to}${withFiles(data.email.attached)}.`,
            ...data.email.warnings,
          ].join(' ')
        : 'Changes accepted.',
      data,
    };
  });

  route(app, api.customAirline, { tags }, async (req) => {
    await updateCustomAirline(db, req.params.id, req.body, req.user.id);
    return ok('Custom airline reference email updated.');
  });

  route(app, api.addTour, { tags }, async (req) => ({
    status: true as const,
    message: 'Tour added to the booking.',
    ...(await kicked(addTourToBooking(db, req.params.id, req.body, req.user.id, docs))),
  }));

  route(app, api.removeTour, { tags }, async (req) => {
    const r = await kicked(removeTourFromBooking(db, req.params.id, req.body ?? {}, req.user.id, docs));
    return {
      status: true as const,
      message: 'Tour removed from the booking.',
      updated_balance_due_date: r.updated_balance_due_date,
    };
  });

  route(app, api.updateTourLine, { tags }, async (req) => {
    const { fields, files: uploads } = await readFormOrJson(req);
    const v = parseFields(tourLineUpdateSchema, {
      ...fields,
      passengers: jsonField(fields.passengers),
      airline_cost: jsonField(fields.airline_cost),
    });
    const r = await kicked(updateTourLine(db, files, v, uploads, req.user.id, docs));
    for (const key of r.removedFiles) await files.remove(key);
    return { status: true as const, message: 'Tour booking updated successfully.' };
  });

  route(app, api.updateAccommodation, { tags }, async (req) => {
    await kicked(updateLineAccommodation(db, req.body, req.user.id, docs));
    return ok('Accommodation updated successfully.');
  });

  route(app, api.previewAccommodation, { tags }, async (req) => ({
    success: true as const,
    data: await previewLineAccommodation(db, req.body),
  }));

  route(app, api.addPassenger, { tags }, async (req) => {
    const r = await kicked(savePassenger(db, req.body, req.user.id, docs));
    return {
      status: true as const,
      message: req.body.id ? 'Passenger updated successfully.' : 'Passenger added successfully.',
      passenger_list: r.passenger_list,
    };
  });

  route(app, api.updatePassenger, { tags }, async (req) => {
    await kicked(savePassenger(db, req.body, req.user.id, docs));
    return { status: true as const, message: 'Passenger updated successfully.' };
  });

  route(app, api.removePassenger, { tags }, async (req) => {
    const r = await kicked(removePassenger(db, req.params.id, req.body ?? {}, req.user.id, docs));
    return {
      status: true as const,
      message: 'Passenger removed successfully.',
      passenger_list: r.passenger_list,
    };
  });

  route(app, api.availableExtras, { tags }, async (req) => {
    const { booking_date, tour_bookings, holiday_booking_id } = req.body;
    const data = booking_date
      ? await availableExtras(db, { booking_date, tour_bookings })
      : await availableExtrasOfBooking(db, holiday_booking_id as number);
    return { success: true as const, data };
  });

  route(app, api.updateExtras, { tags }, async (req) => {
    await updateExtras(db, req.params.id, req.body, req.user.id);
    return { status: true as const, message: 'Extras updated successfully.' };
  });

  route(app, api.applyDiscount, { tags }, async (req) => {
    await applyDiscount(db, req.body, req.user.id);
    return { status: true as const, message: 'Discount applied successfully.' };
  });

  route(app, api.removeDiscount, { tags }, async (req) => {
    await removeDiscount(db, req.body, req.user.id);
    return { status: true as const, message: 'Discount removed successfully.' };
  });

  route(app, api.specialRequest, { tags }, async (req) => {
    await updateSpecialRequest(db, req.body, req.user.id);
    return { status: true as const, message: 'Special request updated successfully.' };
  });
};
