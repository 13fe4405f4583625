import type { FastifyPluginAsync } from 'fastify';
import { brochureRequestListApi } from '../../../shared/api/brochure-requests';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { brochureRequestsXlsx } from './export';
import {
  brochureRequestsBetween,
  getBrochureRequest,
  listBrochureRequests,
  lookupBrochureRequests,
} from './queries';
import {
  batchZip,
  createCustomerFromRequester,
  linkCustomer,
  listProcessedBatches,
  processBrochureRequests,
} from './service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The brochure request screens (spec 2 §2 'Brochure requests', §7; spec 3 §2, §7): the endpoints
 * of `brochureRequestListApi`. Create Customer is role 1 only (spec 2 §6); the rest is open to any
 * member of staff (spec 3 §6).
 */
export const brochureRequestListRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files }) => {
  const tags = ['brochure requests'];
  route(app, brochureRequestListApi.table, { tags }, async (req) => listBrochureRequests(db, req.query));
  route(app, brochureRequestListApi.lookup, { tags }, async (req) => lookupBrochureRequests(db, req.query));
  route(app, brochureRequestListApi.process, { tags }, async (req, reply) => {
    const batch = await processBrochureRequests(db, files, req.query.ids);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(batch.filename))
      .header('x-batch-id', batch.batchId)
      .header('x-letter-count', String(batch.count))
      .header('cache-control', 'no-store')
      .send(batch.zip);
  });
  route(app, brochureRequestListApi.batches, { tags }, async () => ({
    success: true as const,
    data: await listProcessedBatches(db, files),
  }));
  route(app, brochureRequestListApi.batchDownload, { tags }, async (req, reply) => {
    const batch = await batchZip(db, files, req.params.batch_id);
    if ('key' in batch) return sendStoredFile(reply, files, batch.key, batch.filename);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition(batch.filename))
      .header('cache-control', 'no-store')
      .send(batch.zip);
  });
  route(app, brochureRequestListApi.filter, { tags }, async (req, reply) => {
    const q = req.query;
    const rows = await brochureRequestsBetween(
      db,
      q.brochure_requested_from,
      q.brochure_requested_to,
      q.include_send_brochures !== false,
    );
    if (q.type === 'list') return { success: true as const, data: rows };
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition('brochure-request.xlsx'))
      .header('cache-control', 'no-store')
      .send(await brochureRequestsXlsx(rows));
  });
  route(app, brochureRequestListApi.get, { tags }, async (req) => ({
    success: true as const,
    data: [await getBrochureRequest(db, req.params.id)],
  }));
  route(app, brochureRequestListApi.linkCustomer, { tags }, async (req) => {
    await linkCustomer(db, req.params.id, req.body.customer_id as number);
    return ok('Customer linked successfully.');
  });
  route(app, brochureRequestListApi.createCustomer, { tags }, async (req) => {
    const id = await createCustomerFromRequester(db, req.params.id);
    return ok('Customer created successfully.', { data: id });
  });
};
