import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supplierInput } from '../../../shared/api/suppliers';
import { dataTablesShape } from '../../http/datatables';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
import type { AreaDeps } from '../deps';
import { createSupplier, deleteSupplier, getSupplier, supplierTable, updateSupplier } from './queries';

/** The spec sends 'the supplier JSON'; `{supplier: {...}}` is accepted too. */
const supplierBody = z.preprocess(
  (b) => (b && typeof b === 'object' && 'supplier' in b && typeof b.supplier === 'object' ? b.supplier : b),
  supplierInput,
);

/**
 * Suppliers (spec 2 §2 Suppliers, §7 'Suppliers, tour managers and invoices'). Reads are open to
 * staff; create, update and delete are role 1 only (spec 2 §6). Invoices come with their own area.
 */
export const supplierRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  const tags = ['suppliers'];
  app.get(
    '/suppliers/table',
    {
      schema: {
        tags,
        summary: 'Suppliers, DataTables protocol (All allowed); quick search on name, email, nominal code.',
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => supplierTable(db, req.query),
  );
  app.get(
    '/suppliers/:id',
    { schema: { tags, summary: 'One supplier: data.', params: idParams } },
    async (req) => ({ success: true, data: await getSupplier(db, req.params.id) }),
  );
  app.post(
    '/suppliers',
    {
      config: { permission: 'suppliers.create' },
      schema: { tags, summary: 'Create a supplier; answers data.id.', body: supplierBody },
    },
    async (req) => ok('Supplier created successfully.', { data: { id: await createSupplier(db, req.body) } }),
  );
  app.post(
    '/suppliers/:id',
    {
      config: { permission: 'suppliers.update' },
      schema: { tags, summary: 'Update a supplier.', params: idParams, body: supplierBody },
    },
    async (req) => {
      await updateSupplier(db, req.params.id, req.body);
      return ok('Supplier updated successfully.');
    },
  );
  app.post(
    '/suppliers/:id/delete',
    {
      config: { permission: 'suppliers.delete' },
      schema: { tags, summary: 'Delete a supplier (refused while accommodation uses it).', params: idParams },
    },
    async (req) => {
      await deleteSupplier(db, req.params.id);
      return ok('Supplier deleted successfully.');
    },
  );
};
