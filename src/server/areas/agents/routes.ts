import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dataTablesShape, runSimpleTable } from '../../http/datatables';

/** GET agents/table (spec 2 §7): ABTA no., name, postcode; the bookings picker shows 5 a page. */
export const agentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/agents/table',
    {
      schema: {
        summary: 'Agents, DataTables protocol; quick search on name, ABTA number, postcode, email.',
        tags: ['agents'],
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) =>
      runSimpleTable(db, req.query, {
        from: sql`agents`,
        select: sql`id, abta, name, postcode, email, phone_number, town_city, commission, created_at`,
        sortable: {
          id: sql`id`,
          abta: sql`abta`,
          name: sql`name`,
          postcode: sql`postcode`,
          email: sql`email`,
          created_at: sql`created_at`,
        },
        defaultOrder: { column: 'id', dir: 'desc' },
        defaultLength: 25,
        tieBreaker: sql`id`,
        searchable: [sql`name`, sql`abta`, sql`postcode`, sql`email`],
      }),
  );
};
