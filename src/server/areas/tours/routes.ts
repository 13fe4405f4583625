import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type TourListItem, toursApi } from '../../../shared/api/tours';
import { queryRows } from '../../db/client';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';

/**
 * Tours (spec 3 §2 Tours, §7 Tours): the plain tour list other screens pick from (discounts,
 * extras, reports, new booking); the tour screens' routes are in ./catalogue-routes.ts.
 */
export const tourRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  route(app, toursApi.list, { tags: ['tours'] }, async (req) => {
    const withSuppressed = req.query.show_suppressed === true;
    const data = await queryRows<TourListItem>(
      db,
      sql`select id, name, reference, tour_type, is_suppressed from tours
          ${withSuppressed ? sql`` : sql`where not is_suppressed`}
          order by lower(name), id`,
    );
    return { success: true as const, data };
  });
};
