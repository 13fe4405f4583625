import type { FastifyPluginAsync } from 'fastify';
import { suppliersApi } from '../../../shared/api/suppliers';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { partyInvoiceBriefs } from '../invoices';
import { createSupplier, deleteSupplier, getSupplier, supplierTable, updateSupplier } from './queries';

/**
 * Suppliers (spec 2 §2 Suppliers, §7 'Suppliers, tour managers and invoices'): the endpoints of
 * `suppliersApi`. Reads are open to staff; create, update and delete are role 1 only (spec 2 §6).
 */
export const supplierRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['suppliers'];
  route(app, suppliersApi.table, { tags }, async (req) => supplierTable(db, req.query));
  route(app, suppliersApi.get, { tags }, async (req) => ({
    success: true as const,
    data: {
      ...(await getSupplier(db, req.params.id)),
      payment_invoices: await partyInvoiceBriefs(db, 'supplier', req.params.id),
    },
  }));
  route(app, suppliersApi.create, { tags }, async (req) =>
    ok('Supplier created successfully.', { data: { id: await createSupplier(db, req.body) } }),
  );
  route(app, suppliersApi.update, { tags }, async (req) => {
    await updateSupplier(db, req.params.id, req.body);
    return ok('Supplier updated successfully.');
  });
  route(app, suppliersApi.delete, { tags }, async (req) => {
    await deleteSupplier(db, req.params.id);
    return ok('Supplier deleted successfully.');
  });
};
