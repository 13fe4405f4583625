import type { FastifyPluginAsync } from 'fastify';
import { bookingsApi } from '../../../shared/api/bookings';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { getBookingFiltersData, listBookings } from './service';

/** Bookings list calls (spec 1 §7): the endpoints of `bookingsApi`. */
export const bookingRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['bookings'];
  route(app, bookingsApi.table, { tags }, async (req) => listBookings(db, req.query));
  route(app, bookingsApi.filtersData, { tags }, async () => getBookingFiltersData(db));
};
