import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { groupDocumentsApi } from '../../../shared/api/group-documents';
import {
  groupDocumentKey,
  type RenderedGroupDocument,
  renderGroupPdf,
  renderGroupSpreadsheet,
  storeGroupPdf,
} from '../../documents/group-documents';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { contentDisposition, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import { defineGroupTravelDocumentsJob, startGroupTravelDocuments } from './travel-documents';

const sendDocument = (reply: FastifyReply, doc: RenderedGroupDocument) =>
  reply
    .header('content-type', doc.contentType)
    .header('content-length', doc.data.length)
    .header('content-disposition', contentDisposition(doc.filename))
    .send(doc.data);

/**
 * Group documents (spec 3 §2 Tour group 'Documents', §7 Groups): the flight manifests and rooming
 * list as xlsx, PDF and the stored print copy, and 'Email travel docs to customer' as a background
 * job. Reading documents is open to staff; emailing is role 1 (spec 3 §6).
 */
export const groupDocumentRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, files } = deps;
  const tags = ['groups'];
  defineGroupTravelDocumentsJob(deps);

  route(app, groupDocumentsApi.spreadsheet, { tags }, async (req, reply) =>
    sendDocument(reply, await renderGroupSpreadsheet(db, req.params.id, req.body)),
  );
  route(app, groupDocumentsApi.pdf, { tags }, async (req, reply) =>
    sendDocument(reply, await renderGroupPdf(db, req.params.id, req.body)),
  );
  route(app, groupDocumentsApi.print, { tags }, async (req) => {
    const stored = await storeGroupPdf(db, files, req.params.id, req.body);
    return ok('Document ready to print.', stored);
  });
  route(app, groupDocumentsApi.download, { tags }, async (req, reply) =>
    sendStoredFile(
      reply,
      files,
      groupDocumentKey(req.params.file),
      req.query.name ? `${req.query.name.replace(/\.pdf$/i, '')}.pdf` : req.params.file,
    ),
  );
  route(app, groupDocumentsApi.emailTravelDocuments, { tags }, async (req) => {
    const { jobId, count } = await startGroupTravelDocuments(
      deps,
      req.params.id,
      req.body.booking_ids,
      req.user?.id ?? null,
    );
    return ok(`Sending travel documents for ${count} ${count === 1 ? 'booking' : 'bookings'}.`, {
      job_id: jobId,
    });
  });
};
