import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { bookingFilesApi, documentUploadFieldsSchema } from '../../../shared/api/booking-files';
import { queryRows } from '../../db/client';
import { HttpError, notFound, validationError } from '../../http/errors';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import { parseFields, readMultipart, sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  addAdditionalDocuments,
  deleteAdditionalDocument,
  emailAdditionalDocument,
  FILE_NOT_FOUND,
  getAdditionalDocument,
  MAX_DOCUMENTS_PER_UPLOAD,
  uploadedDocuments,
} from './additional-documents';
import { historyDocument, historyTable } from './history';

/**
 * A booking's files and history (spec 1 §7): the endpoints of `bookingFilesApi` — additional
 * documents (upload several at once, delete, download, email), the history table and its
 * document download, and the airline invoice of a tour line's airline cost ('supplement costing doc').
 */
export const bookingFileRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, files, outbox }) => {
  const tags = ['bookings'];
  const api = bookingFilesApi;

  route(app, api.uploadDocuments, { tags }, async (req) => {
    const form = await readMultipart(req).catch((e: unknown) => {
      const code = (e as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT')
        throw validationError({ files: [`Upload at most ${MAX_DOCUMENTS_PER_UPLOAD} files at once.`] });
      if (e instanceof HttpError && e.errors?.file) throw validationError({ files: e.errors.file });
      throw e;
    });
    const { document_detail } = parseFields(documentUploadFieldsSchema, form.fields);
    const data = await addAdditionalDocuments(
      db,
      files,
      req.params.id,
      uploadedDocuments(form.files),
      document_detail ?? null,
      req.user.id,
    );
    return ok(data.length === 1 ? 'Document uploaded successfully.' : 'Documents uploaded successfully.', {
      data,
    });
  });

  route(app, api.deleteDocument, { tags }, async (req) => {
    await deleteAdditionalDocument(db, files, req.params.id, req.user.id);
    return ok('Document deleted successfully.');
  });

  route(app, api.downloadDocument, { tags }, async (req, reply) => {
    const doc = await getAdditionalDocument(db, req.params.id);
    return sendStoredFile(reply, files, doc.file_key, doc.name);
  });

  route(app, api.emailDocument, { tags }, async (req) => {
    const to = await emailAdditionalDocument(db, files, outbox, req.params.id, req.params.docId, req.user.id);
    return ok(`Document emailed to ${to}.`);
  });

  route(app, api.history, { tags }, async (req) => historyTable(db, req.params.bookingId, req.body ?? {}));
  route(app, api.historyTable, { tags }, async (req) => historyTable(db, req.params.bookingId, req.query));

  route(app, api.historyDocument, { tags }, async (req, reply) => {
    const doc = await historyDocument(db, req.body);
    return sendStoredFile(reply, files, doc.file_key, doc.name);
  });

  route(app, api.costingDocument, { tags }, async (req, reply) => {
    const [row] = await queryRows<{ name: string | null; key: string | null }>(
      db,
      sql`select airline_invoice_name as name, airline_invoice_path as key
          from tour_booking_airline_costs where id = ${req.body.airline_id}`,
    );
    if (!row?.key) throw notFound(FILE_NOT_FOUND);
    return sendStoredFile(reply, files, row.key, row.name || 'airline-invoice.pdf');
  });
};
