import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { dataTablesShape, runSimpleTable } from '../../http/datatables';

/** GET affiliates/table (spec 2 §7): code, name, active. */
export const affiliateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/affiliates/table',
    {
      schema: {
        summary: 'Affiliates, DataTables protocol; quick search on name and code.',
        tags: ['affiliates'],
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) =>
      runSimpleTable(db, req.query, {
        from: sql`affiliates`,
        select: sql`id, code, name, email, is_active, created_at`,
        sortable: {
          id: sql`id`,
          code: sql`code`,
          name: sql`name`,
          is_active: sql`is_active`,
          created_at: sql`created_at`,
        },
        defaultOrder: { column: 'name', dir: 'asc' },
        defaultLength: 25,
        tieBreaker: sql`id`,
        searchable: [sql`name`, sql`code`],
      }),
  );
};
