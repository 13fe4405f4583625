import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type Country, referenceApi } from '../../../shared/api/reference';
import { queryRows } from '../../db/client';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';

/** Shared reference lists many screens read (spec 3 §7 'GET countries'): the endpoints of `referenceApi`. */
export const referenceRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  route(app, referenceApi.countries, { tags: ['reference'] }, async () => ({
    success: true as const,
    data: await queryRows<Country>(db, sql`select id, name, iso_code from countries order by name`),
  }));
};
