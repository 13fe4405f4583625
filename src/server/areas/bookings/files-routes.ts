import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, optionalId, optionalText } from '../../../shared/api/common';
import { queryRows } from '../../db/client';
import { dataTablesShape } from '../../http/datatables';
import { HttpError, notFound, validationError } from '../../http/errors';
import { idParams } from '../../http/params';
import { ok } from '../../http/respond';
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
 * A booking's files and history (spec 1 §7): additional documents (upload several at once,
 * delete, download, email), the history table and its document download, and the airline invoice
 * of a tour line's airline cost ('supplement costing doc').
 */
export const bookingFileRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, files, mailer }) => {
  const tags = ['bookings'];

  app.post(
    '/bookings/:id/additional-documents',
    {
      config: { permission: 'bookings.additionalDocuments' },
      schema: {
        tags,
        summary:
          'Upload additional documents (multipart files[0]…files[9]: PDF or JPEG/PNG/GIF/WebP by content, 10 MB each; ' +
          'document_detail). All or nothing; answers data [{id, name, document_detail, created_at}].',
        params: idParams,
      },
    },
    async (req) => {
      const form = await readMultipart(req).catch((e: unknown) => {
        const code = (e as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT')
          throw validationError({ files: [`Upload at most ${MAX_DOCUMENTS_PER_UPLOAD} files at once.`] });
        if (e instanceof HttpError && e.errors?.file) throw validationError({ files: e.errors.file });
        throw e;
      });
      const { document_detail } = parseFields(z.object({ document_detail: optionalText(2000) }), form.fields);
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
    },
  );

  app.post(
    '/bookings/:id/additional-documents/delete',
    {
      config: { permission: 'bookings.additionalDocuments' },
      schema: { tags, summary: 'Delete additional document {id} and its file.', params: idParams },
    },
    async (req) => {
      await deleteAdditionalDocument(db, files, req.params.id, req.user.id);
      return ok('Document deleted successfully.');
    },
  );

  app.get(
    '/bookings/:id/additional-documents/download',
    {
      schema: {
        tags,
        summary: "Additional document {id} under its original name; 404 'File not found' when gone.",
        params: idParams,
      },
    },
    async (req, reply) => {
      const doc = await getAdditionalDocument(db, req.params.id);
      return sendStoredFile(reply, files, doc.file_key, doc.name, doc.mime_type);
    },
  );

  app.get(
    '/bookings/:id/additional-document-email/:docId',
    {
      config: { permission: 'bookings.additionalDocuments' },
      schema: {
        tags,
        summary:
          "Email additional document {docId} of booking {id} to the booking's customer, else its agent.",
        params: z.object({ id: idSchema, docId: idSchema }),
      },
    },
    async (req) => {
      const to = await emailAdditionalDocument(
        db,
        files,
        mailer,
        req.params.id,
        req.params.docId,
        req.user.id,
      );
      return ok(`Document emailed to ${to}.`);
    },
  );

  const historyParams = z.object({ bookingId: idSchema });
  app.post(
    '/:bookingId/get-booking-history',
    {
      config: { permission: 'bookings.history' },
      schema: {
        tags,
        summary:
          'Booking history, DataTables protocol (15 a page, newest first): rows {id, created_at, user:{name}|null, ' +
          'type, action, comment, is_multiple, multiple_documents_attached, document_name}.',
        params: historyParams,
        body: z.strictObject(dataTablesShape).optional(),
      },
    },
    async (req) => historyTable(db, req.params.bookingId, req.body ?? {}),
  );
  // The same table as a GET (the web app's ServerTable reads tables with GET).
  app.get(
    '/:bookingId/get-booking-history',
    {
      config: { permission: 'bookings.history' },
      schema: {
        tags,
        summary: 'Booking history as POST {bookingId}/get-booking-history, read with GET.',
        params: historyParams,
        querystring: z.strictObject(dataTablesShape),
      },
    },
    async (req) => historyTable(db, req.params.bookingId, req.query),
  );

  app.post(
    '/download-booking-history-document',
    {
      config: { permission: 'bookings.history' },
      schema: {
        tags,
        summary:
          "The additional document a history entry names (id = the entry); 404 'File not found' when it is gone.",
        body: z.object({
          id: idSchema,
          document_id: optionalId,
          document_name: optionalText(255),
          friendly_name: optionalText(255),
        }),
      },
    },
    async (req, reply) => {
      const doc = await historyDocument(db, { id: req.body.id, document_id: req.body.document_id });
      return sendStoredFile(reply, files, doc.file_key, doc.name, doc.mime_type);
    },
  );

  app.post(
    '/update-booking/download-supplement-costing-doc',
    {
      config: { permission: 'bookings.costingDoc' },
      schema: {
        tags,
        summary: "The invoice PDF of airline cost row {airline_id}; 404 'File not found' when there is none.",
        body: z.object({ airline_id: idSchema }),
      },
    },
    async (req, reply) => {
      const [row] = await queryRows<{ name: string | null; key: string | null }>(
        db,
        sql`select airline_invoice_name as name, airline_invoice_path as key
            from tour_booking_airline_costs where id = ${req.body.airline_id}`,
      );
      if (!row?.key) throw notFound(FILE_NOT_FOUND);
      return sendStoredFile(reply, files, row.key, row.name || 'airline-invoice.pdf', 'application/pdf');
    },
  );
};
