import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advertiseSizeInput } from '../../../shared/api/advertise-sizes';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { advertiseSizeTable, deleteAdvertiseSize, saveAdvertiseSize } from './queries';

/** Advertise sizes (spec 3 §2 'Service types and advertise sizes', §7). Writes are role 1 only (§6). */
export const advertiseSizeRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['advertise-sizes'];
  app.get(
    '/advertise-sizes/table',
    {
      schema: {
        tags,
        summary: 'Advertise sizes, DataTables protocol: size_name.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => advertiseSizeTable(db, req.query),
  );
  app.post(
    '/advertise-sizes/create',
    {
      config: { permission: 'advertiseSizes.save' },
      schema: {
        tags,
        summary:
          'Add an advertise size, or edit one when id (or size_id) is sent. Multipart or JSON: size_name.',
      },
    },
    async (req) => {
      const { fields } = await readFormOrJson(req);
      const { id, edited } = await saveAdvertiseSize(db, parseFields(advertiseSizeInput, fields));
      return ok(edited ? 'Advertise size updated successfully.' : 'Advertise size added successfully.', {
        data: { id },
      });
    },
  );
  app.post(
    '/advertise-sizes/:id/delete',
    {
      config: { permission: 'advertiseSizes.delete' },
      schema: { tags, summary: 'Delete an advertise size (refused while in use).', params: idParams },
    },
    async (req) => {
      await deleteAdvertiseSize(db, req.params.id);
      return ok('Advertise size deleted successfully.');
    },
  );
};
