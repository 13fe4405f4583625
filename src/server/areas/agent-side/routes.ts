import type { FastifyPluginAsync } from 'fastify';
import { AGENT_MESSAGES, agentSideApi } from '../../../shared/api/agent-side';
import { londonToday } from '../../../shared/dates';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { agencyBookings, assertAgencyBooking } from './bookings';
import { acceptForClient, agentInvoicePdf, sendIssuedDocument, updatePassengerForClient } from './service';
import { agencyOf, forgotPassword, signIn, signOut } from './sign-in';
import { agentBooking } from './view';

/**
 * The travel agent's side (issue #25): sign-in, the agency and its bookings — the endpoints of
 * `agentSideApi`. The sign-in calls are public and throttled per client address (`req.ip`); every
 * other call carries an agent token (the guard, http/auth.ts, sets `req.agent`) and reaches only
 * bookings of that agency.
 */
export const agentSideRoutes: FastifyPluginAsync<AreaDeps> = async (app, deps) => {
  const { db, config, files, outbox } = deps;
  const docs = { files, outbox };
  const tags = ['agent-side'];

  route(app, agentSideApi.signIn, { tags }, async (req) => signIn(db, config, req.body, req.ip));
  route(app, agentSideApi.forgotPassword, { tags }, async (req) =>
    forgotPassword(deps, req.body.email, req.ip),
  );
  route(app, agentSideApi.signOut, { tags }, async (req) => signOut(db, req.agent));
  route(app, agentSideApi.me, { tags }, async (req) => ({
    success: true as const,
    data: await agencyOf(db, req.agent),
  }));

  route(app, agentSideApi.bookings, { tags }, async (req) => ({
    success: true as const,
    ...(await agencyBookings(db, req.agent.agentId, req.query, londonToday())),
  }));
  route(app, agentSideApi.booking, { tags }, async (req) => {
    await assertAgencyBooking(db, req.agent.agentId, req.params.id);
    return { success: true as const, data: await agentBooking(db, config, req.params.id, londonToday()) };
  });
  route(app, agentSideApi.accept, { tags }, async (req) =>
    acceptForClient(db, docs, req.agent, req.params.id),
  );
  route(app, agentSideApi.updatePassenger, { tags }, async (req) => {
    await updatePassengerForClient(db, docs, req.agent, req.params.id, req.params.passengerId, req.body);
    return {
      success: true as const,
      message: AGENT_MESSAGES.passengerSaved,
      data: await agentBooking(db, config, req.params.id, londonToday()),
    };
  });
  route(app, agentSideApi.document, { tags }, async (req, reply) =>
    sendIssuedDocument(db, files, reply, req.agent, req.params.id, req.params.documentId),
  );
  route(app, agentSideApi.agentInvoice, { tags }, async (req, reply) =>
    agentInvoicePdf(db, docs, reply, req.agent, req.params.id),
  );
};
