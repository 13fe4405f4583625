import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tourManagerInput } from '../../../shared/api/tour-managers';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import {
  createTourManager,
  deleteTourManager,
  getTourManager,
  tourManagerTable,
  updateTourManager,
} from './queries';

/** A flat body, or `{tour_manager: {...}}`. */
const managerBody = z.preprocess(
  (b) =>
    b && typeof b === 'object' && 'tour_manager' in b && typeof b.tour_manager === 'object'
      ? b.tour_manager
      : b,
  tourManagerInput,
);

/**
 * Tour managers (spec 2 §2 Tour managers, §7). Reads are open to staff; create, update and delete
 * are role 1 only (spec 2 §6: New Tour Manager and Update for role 1). Invoices come with their area.
 */
export const tourManagerRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['tour-managers'];
  app.get(
    '/tour-managers/table',
    {
      schema: {
        tags,
        summary: 'Tour managers, DataTables protocol; quick search on names, email, address.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => tourManagerTable(db, req.query),
  );
  app.get(
    '/tour-managers/:id/manager',
    { schema: { tags, summary: 'One tour manager: data.', params: idParams } },
    async (req) => ({ success: true, data: await getTourManager(db, req.params.id) }),
  );
  app.post(
    '/tour-managers/create',
    {
      config: { permission: 'tourManagers.create' },
      schema: { tags, summary: 'Create a tour manager; answers data.id.', body: managerBody },
    },
    async (req) =>
      ok('Tour manager created successfully.', { data: { id: await createTourManager(db, req.body) } }),
  );
  app.post(
    '/tour-managers/:id/update',
    {
      config: { permission: 'tourManagers.update' },
      schema: { tags, summary: 'Update a tour manager.', params: idParams, body: managerBody },
    },
    async (req) => {
      await updateTourManager(db, req.params.id, req.body);
      return ok('Tour manager updated successfully.');
    },
  );
  app.post(
    '/tour-managers/:id/delete',
    {
      config: { permission: 'tourManagers.delete' },
      schema: {
        tags,
        summary: 'Delete a tour manager (refused once invoices point at them).',
        params: idParams,
      },
    },
    async (req) => {
      await deleteTourManager(db, req.params.id);
      return ok('Tour manager deleted successfully.');
    },
  );
};
