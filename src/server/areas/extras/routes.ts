import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extraInput } from '../../../shared/api/extras';
import { dataTablesShape } from '../../http/datatables';
import { HttpError } from '../../http/errors';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { parseFields } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { createExtra, deleteExtra, extraTable, getExtra, updateExtra } from './queries';

/**
 * Extras (spec 3 §2 'Discounts and extras', §7 'extras', and the tour-extra calls under §7 Tours).
 * Writes are role 1 only (spec 3 §6: New extra, delete, and adding or deleting tour extras).
 */
export const extraRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['extras'];
  app.get(
    '/extras/table',
    {
      schema: {
        tags,
        summary: 'Catalogue extras (name, price, cost), DataTables protocol.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => extraTable(db, req.query),
  );
  app.get(
    '/extras/:id',
    { schema: { tags, summary: 'One extra with its linked airlines and tours: data.', params: idParams } },
    async (req) => ({ success: true, data: await getExtra(db, req.params.id) }),
  );
  // The body is parsed here rather than by the schema so that a refusal can also carry `error`,
  // which the tour screen reads (spec 3 §7 Tours: 'POST extras ... error read from error').
  app.post(
    '/extras',
    {
      config: { permission: 'extras.create' },
      schema: {
        tags,
        summary:
          'Create an extra: {extra, airlines, tours} (catalogue) or flat {tour_id, name, price, cost, ' +
          'commissionable, commission_rate, start_date, end_date} (tour extra). Answers data.id.',
        body: z.looseObject({}),
      },
    },
    async (req, reply) => {
      try {
        const values = parseFields(extraInput, req.body);
        const id = await createExtra(db, values);
        return ok('Extra created successfully.', { data: { id } });
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 422 && e.errors) {
          const first = Object.values(e.errors)[0]?.[0] ?? e.message;
          return reply
            .status(422)
            .send({ success: false, message: e.message, errors: e.errors, error: first });
        }
        throw e;
      }
    },
  );
  app.post(
    '/extras/:id',
    {
      config: { permission: 'extras.update' },
      schema: {
        tags,
        summary: 'Update an extra and replace its airline and tour links: {extra, airlines, tours}.',
        params: idParams,
        body: extraInput,
      },
    },
    async (req) => {
      await updateExtra(db, req.params.id, req.body);
      return ok('Extra updated successfully.');
    },
  );
  app.post(
    '/extras/:id/delete',
    {
      config: { permission: 'extras.delete' },
      schema: { tags, summary: 'Delete an extra (refused while bookings use it).', params: idParams },
    },
    async (req) => {
      await deleteExtra(db, req.params.id);
      return ok('Extra deleted successfully.');
    },
  );
  // Spec 3 §7 Tours: 'POST tours/extras/{id}/delete/' (with the trailing slash; without it too).
  for (const url of ['/tours/extras/:id/delete/', '/tours/extras/:id/delete']) {
    app.post(
      url,
      {
        config: { permission: 'extras.delete' },
        schema: {
          tags: ['tours'],
          summary: 'Delete a tour extra (refused while bookings use it).',
          params: idParams,
        },
      },
      async (req) => {
        await deleteExtra(db, req.params.id, { tourExtraOnly: true });
        return ok('Tour extra deleted successfully.');
      },
    );
  }
};
