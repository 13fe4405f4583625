import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingRowSchema,
  bookingTableFiltersShape,
  tableResponseSchema,
} from '../../../shared/api/bookings';
import type { Db } from '../../db/client';
import { dataTablesShape } from '../../http/datatables';
import { getBookingFiltersData, listBookings } from './service';

/** Bookings list calls (spec 1 §7). */
export const bookingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/bookings/table',
    {
      schema: {
        summary: 'Bookings list, DataTables server-side protocol, with the search_by_* filters.',
        tags: ['bookings'],
        querystring: z.strictObject({ ...dataTablesShape, ...bookingTableFiltersShape }),
        response: { 200: tableResponseSchema(bookingRowSchema) },
      },
    },
    async (req) => listBookings(db, req.query),
  );

  app.post(
    '/get-booking-filters-data',
    {
      config: { permission: 'bookings.filtersData' },
      schema: {
        summary: 'Agents and affiliates for the bookings list filters.',
        tags: ['bookings'],
        response: {
          200: z.object({
            status: z.boolean(),
            data: z.object({
              agents: z.array(z.object({ id: z.number(), name: z.string(), abta: z.string().nullable() })),
              affiliates: z.array(z.object({ id: z.number(), name: z.string(), code: z.string() })),
            }),
          }),
        },
      },
    },
    async () => getBookingFiltersData(db),
  );
};
