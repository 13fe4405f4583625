import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToUndefined, flagSchema } from '../../../shared/api/common';
import type { TourListItem } from '../../../shared/api/tours';
import { queryRows } from '../../db/client';
import type { AreaDeps } from '../deps';

/**
 * Tours (spec 3 §2 Tours, §7 Tours). So far only the plain tour list other screens pick from
 * (discounts, extras, reports); the tour screens' routes join this plugin later.
 */
export const tourRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['tours'];
  app.get(
    '/tours',
    {
      schema: {
        tags,
        summary:
          'Tour list by name: data [{id, name, reference, tour_type, is_suppressed}]; suppressed tours only with show_suppressed=1.',
        querystring: z.object({
          show_suppressed: z.preprocess(blankToUndefined, flagSchema.optional()),
        }),
      },
    },
    async (req) => {
      const withSuppressed = req.query.show_suppressed === true;
      const data = await queryRows<TourListItem>(
        db,
        sql`select id, name, reference, tour_type, is_suppressed from tours
            ${withSuppressed ? sql`` : sql`where not is_suppressed`}
            order by lower(name), id`,
      );
      return { success: true, data };
    },
  );
};
