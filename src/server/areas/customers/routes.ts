import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalText } from '../../../shared/api/common';
import type { Db } from '../../db/client';
import { dataTablesShape } from '../../http/datatables';
import { findCustomersForTypeahead, listCustomers } from './service';

/** Customer calls used by the bookings list (spec 1 §7); the customer screens come later. */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/customers/filtered/list',
    {
      config: { permission: 'customers.filteredList' },
      schema: {
        summary: 'Customer type-ahead: up to 20 customers whose name or postcode contains `search`.',
        tags: ['customers'],
        body: z.object({ search: z.string().max(100).optional().default('') }).optional(),
      },
    },
    async (req) => ({ status: true, data: await findCustomersForTypeahead(db, req.body?.search ?? '') }),
  );

  app.get(
    '/customers/table',
    {
      schema: {
        summary: 'Customers, DataTables protocol; optional pincode_search (postcode) and open_search.',
        tags: ['customers'],
        querystring: z.strictObject({
          ...dataTablesShape,
          pincode_search: optionalText(20),
          open_search: optionalText(100),
        }),
      },
    },
    async (req) => listCustomers(db, req.query),
  );
};
