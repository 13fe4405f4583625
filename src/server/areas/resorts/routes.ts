import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resortInput } from '../../../shared/api/resorts';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { createResort, deleteResort, getResort, resortTable, updateResort } from './queries';

/** The spec sends `{resort: {...}}`; a flat body is accepted too. */
const resortBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'resort' in b && typeof b.resort === 'object' ? b.resort : b),
  resortInput,
);

/** Resorts (spec 3 §2 Resorts, §7 'resorts'). Writes are role 1 only (spec 3 §6). */
export const resortRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['resorts'];
  app.get(
    '/resorts/table',
    {
      schema: {
        tags,
        summary: 'Resorts, DataTables protocol (All allowed).',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => resortTable(db, req.query),
  );
  app.get(
    '/resorts/:id',
    { schema: { tags, summary: 'One resort: data[0].', params: idParams } },
    async (req) => ({ success: true, data: [await getResort(db, req.params.id)] }),
  );
  app.post(
    '/resorts',
    {
      config: { permission: 'resorts.create' },
      schema: { tags, summary: 'Create a resort; answers data.id.', body: resortBody },
    },
    async (req) => ok('Resort created successfully.', { data: { id: await createResort(db, req.body) } }),
  );
  app.post(
    '/resorts/:id',
    {
      config: { permission: 'resorts.update' },
      schema: { tags, summary: 'Update a resort.', params: idParams, body: resortBody },
    },
    async (req) => {
      await updateResort(db, req.params.id, req.body);
      return ok('Resort updated successfully.');
    },
  );
  app.post(
    '/resorts/:id/delete',
    {
      config: { permission: 'resorts.delete' },
      schema: { tags, summary: 'Delete a resort (refused while accommodation uses it).', params: idParams },
    },
    async (req) => {
      await deleteResort(db, req.params.id);
      return ok('Resort deleted successfully.');
    },
  );
};
