import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryRows } from '../../db/client';
import type { AreaDeps } from '../deps';

/** Shared reference lists many screens read (spec 3 §7 'GET countries'). */
export const referenceRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  app.get(
    '/countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'All countries by name: data [{id, name, iso_code}]. UK is id 220.',
      },
    },
    async () => ({
      success: true,
      data: await queryRows<{ id: number; name: string; iso_code: string }>(
        db,
        sql`select id, name, iso_code from countries order by name`,
      ),
    }),
  );
};
