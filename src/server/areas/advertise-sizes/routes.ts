import type { FastifyPluginAsync } from 'fastify';
import { advertiseSizeInput, advertiseSizesApi } from '../../../shared/api/advertise-sizes';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { advertiseSizeTable, deleteAdvertiseSize, saveAdvertiseSize } from './queries';

/**
 * Advertise sizes (spec 3 §2 'Service types and advertise sizes', §7): the endpoints of
 * `advertiseSizesApi`. Writes are role 1 only (§6); the save reads multipart or JSON.
 */
export const advertiseSizeRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['advertise-sizes'];
  route(app, advertiseSizesApi.table, { tags }, async (req) => advertiseSizeTable(db, req.query));
  route(app, advertiseSizesApi.save, { tags }, async (req) => {
    const { fields } = await readFormOrJson(req);
    const { id, edited } = await saveAdvertiseSize(db, parseFields(advertiseSizeInput, fields));
    return ok(edited ? 'Advertise size updated successfully.' : 'Advertise size added successfully.', {
      data: { id },
    });
  });
  route(app, advertiseSizesApi.delete, { tags }, async (req) => {
    await deleteAdvertiseSize(db, req.params.id);
    return ok('Advertise size deleted successfully.');
  });
};
