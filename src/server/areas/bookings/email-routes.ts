import type { FastifyPluginAsync } from 'fastify';
import { bookingEmailApi } from '../../../shared/api/booking-email';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { emailTravelDocuments, sendInvoicingDocuments } from './email-documents';
import { previewEmail, type SentEmail, sendEmailToParty, sentMessage } from './email-service';

/** The spec's answer of a send: {success, status, message} and what went (data). */
const answer = (s: SentEmail) =>
  ok(sentMessage(s), {
    status: true as const,
    data: { to: s.to, subject: s.subject, attached: s.attached, left_out: s.left_out },
  });

/**
 * Emailing a booking's documents (spec 1 §2, §4, §5, §7): the endpoints of `bookingEmailApi` — the
 * email modal's send and preview, 'Email Booking Docs' and 'Email Travel Docs'. Sends go through the
 * outbox (email-service.ts).
 */
export const bookingEmailRoutes: FastifyPluginAsync<AreaDeps> = async (
  app,
  { db, files, outbox, config },
) => {
  const tags = ['bookings'];
  const api = bookingEmailApi;
  const deps = { files, outbox, config };

  route(app, api.send, { tags }, async (req) =>
    answer(await sendEmailToParty(db, deps, req.params.id, req.user.id, req.body)),
  );
  route(app, api.preview, { tags }, async (req) => ({
    success: true as const,
    data: await previewEmail(db, deps, req.params.id, req.body),
  }));
  route(app, api.invoicingDocs, { tags }, async (req) =>
    answer(await sendInvoicingDocuments(db, deps, req.params.id, req.user.id, req.query.type)),
  );
  route(app, api.travelDocs, { tags }, async (req) =>
    answer(await emailTravelDocuments(db, deps, req.params.id, req.user.id, req.query.type)),
  );
};
