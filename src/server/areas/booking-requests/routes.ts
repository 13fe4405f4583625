import type { FastifyPluginAsync } from 'fastify';
import { bookingRequestsApi } from '../../../shared/api/booking-requests';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import {
  createBookingRequest,
  customerBookingChoices,
  customerReferrals,
  deleteBookingRequest,
  findReferrers,
} from './queries';

/**
 * Booking requests — referrals (spec 2 §7 GET bookings, GET referrers, POST bookings/requests; our
 * design, docs/spec-drift.md): the customer screen's picker, the referrer type-ahead, recording and
 * removing a referral (role 1), and both sides of a customer's referrals.
 */
export const bookingRequestRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['booking-requests'];
  route(app, bookingRequestsApi.bookings, { tags }, async (req) => ({
    status: true as const,
    data: await customerBookingChoices(db, req.query.customer_id, req.query.search),
  }));
  route(app, bookingRequestsApi.referrers, { tags }, async (req) => ({
    status: true as const,
    data: await findReferrers(db, req.query.search, req.query.customer_id),
  }));
  route(app, bookingRequestsApi.create, { tags }, async (req) =>
    ok('Referral recorded successfully.', {
      data: { id: await createBookingRequest(db, req.body, req.user.id) },
    }),
  );
  route(app, bookingRequestsApi.forCustomer, { tags }, async (req) => ({
    status: true as const,
    data: await customerReferrals(db, req.params.id),
  }));
  route(app, bookingRequestsApi.delete, { tags }, async (req) => {
    await deleteBookingRequest(db, req.params.id);
    return ok('Referral removed successfully.');
  });
};
