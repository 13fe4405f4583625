import type { FastifyPluginAsync } from 'fastify';
import { portalApi } from '../../../shared/api/portal';
import { londonToday } from '../../../shared/dates';
import { loadLetterhead } from '../../documents/letterhead';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { sendStoredFile } from '../../http/uploads';
import type { AreaDeps } from '../deps';
import {
  acceptFromPortal,
  answerPriceChangeAsCustomer,
  sendMessage,
  startCardPayment,
  updatePassengerAsCustomer,
} from './service';
import { openLink, requestCode, signIn, signOut } from './sign-in';
import { issuedDocuments, operatorOf, portalBooking } from './view';

/**
 * The customer's side (issue #23): the endpoints of `portalApi`. The sign-in calls are public and
 * throttled per client address (`req.ip`: the socket's, or TRUST_PROXY's forwarded one); every other
 * call carries a portal token (the guard, http/auth.ts, sets `req.portal`) and reaches only that
 * session's booking — no route takes a booking id.
 */
export const portalRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db, config, files, outbox }) => {
  const tags = ['portal'];
  const docs = { files, outbox };

  route(app, portalApi.operator, { tags }, async () => ({
    success: true as const,
    data: operatorOf(await loadLetterhead(db)),
  }));

  route(app, portalApi.openLink, { tags }, async (req) => openLink(db, docs, req.body, req.ip));
  route(app, portalApi.requestCode, { tags }, async (req) => requestCode(db, docs, req.body, req.ip));
  route(app, portalApi.signIn, { tags }, async (req) => signIn(db, req.body, req.ip));
  route(app, portalApi.signOut, { tags }, async (req) => signOut(db, req.portal));

  route(app, portalApi.booking, { tags }, async (req) => ({
    success: true as const,
    data: await portalBooking(db, config, req.portal.bookingId, londonToday()),
  }));

  route(app, portalApi.accept, { tags }, async (req) => acceptFromPortal(db, docs, req.portal));

  route(app, portalApi.updatePassenger, { tags }, async (req) => {
    await updatePassengerAsCustomer(db, docs, req.portal, req.params.id, req.body);
    return {
      success: true as const,
      message: 'Thank you — the passenger details are saved.',
      data: await portalBooking(db, config, req.portal.bookingId, londonToday()),
    };
  });

  route(app, portalApi.document, { tags }, async (req, reply) => {
    const [record] = await issuedDocuments(db, req.portal.bookingId, req.params.id);
    if (!record) throw notFound('File not found');
    return sendStoredFile(reply, files, record.file_key, record.name);
  });

  route(app, portalApi.cardPayment, { tags }, async (req) =>
    startCardPayment(db, config, req.portal, req.body),
  );
  route(app, portalApi.answerPriceChange, { tags }, async (req) => {
    const message = await answerPriceChangeAsCustomer(db, req.portal, req.body);
    return {
      success: true as const,
      message,
      data: await portalBooking(db, config, req.portal.bookingId, londonToday()),
    };
  });
  route(app, portalApi.sendMessage, { tags }, async (req) => sendMessage(db, req.portal, req.body));
};
