import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceTypeInput } from '../../../shared/api/service-types';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import { parseFields, readFormOrJson } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { deleteServiceType, listServiceTypes, saveServiceType, serviceTypeTable } from './queries';

/** Service types (spec 3 §2 'Service types and advertise sizes', §7). Writes are role 1 only (§6). */
export const serviceTypeRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['service-types'];
  app.get(
    '/service-types/table',
    {
      schema: {
        tags,
        summary: 'Service types, DataTables protocol: service_name, service_code.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => serviceTypeTable(db, req.query),
  );
  app.get(
    '/service-types/list',
    { schema: { tags, summary: 'Every service type by name: data [{id, service_name, service_code}].' } },
    async () => ({ success: true, data: await listServiceTypes(db) }),
  );
  app.post(
    '/service-types/create',
    {
      config: { permission: 'serviceTypes.save' },
      schema: {
        tags,
        summary:
          'Add a service type, or edit one when id (or service_type_id) is sent. Multipart or JSON: service_name, service_code.',
      },
    },
    async (req) => {
      const { fields } = await readFormOrJson(req);
      const { id, edited } = await saveServiceType(db, parseFields(serviceTypeInput, fields));
      return ok(edited ? 'Service type updated successfully.' : 'Service type added successfully.', {
        data: { id },
      });
    },
  );
  app.post(
    '/service-types/:id/delete',
    {
      config: { permission: 'serviceTypes.delete' },
      schema: { tags, summary: 'Delete a service type (refused while in use).', params: idParams },
    },
    async (req) => {
      await deleteServiceType(db, req.params.id);
      return ok('Service type deleted successfully.');
    },
  );
};
