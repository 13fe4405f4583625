import type { FastifyPluginAsync } from 'fastify';
import { serviceTypeInput, serviceTypesApi } from '../../../shared/api/service-types';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { deleteServiceType, listServiceTypes, saveServiceType, serviceTypeTable } from './queries';

/**
 * Service types (spec 3 §2 'Service types and advertise sizes', §7): the endpoints of
 * `serviceTypesApi`. Writes are role 1 only (§6); the save reads multipart or JSON.
 */
export const serviceTypeRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['service-types'];
  route(app, serviceTypesApi.table, { tags }, async (req) => serviceTypeTable(db, req.query));
  route(app, serviceTypesApi.list, { tags }, async () => ({
    success: true as const,
    data: await listServiceTypes(db),
  }));
  route(app, serviceTypesApi.save, { tags }, async (req) => {
    const { fields } = await readFormOrJson(req);
    const { id, edited } = await saveServiceType(db, parseFields(serviceTypeInput, fields));
    return ok(edited ? 'Service type updated successfully.' : 'Service type added successfully.', {
      data: { id },
    });
  });
  route(app, serviceTypesApi.delete, { tags }, async (req) => {
    await deleteServiceType(db, req.params.id);
    return ok('Service type deleted successfully.');
  });
};
