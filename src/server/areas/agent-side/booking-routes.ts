import type { FastifyPluginAsync } from 'fastify';
import { AGENT_MESSAGES, agentSideApi } from '../../../shared/api/agent-side';
import { ok } from '../../http/respond';
import { route } from '../../http/route';
import type { AreaDeps } from '../deps';
import { agentCreateBooking, agentQuote } from './booking';
import { agentAirports, agentDepartures, agentOffer, agentTours } from './departures';

/**
 * 'Book for a client' on the agent's side (issue #25): the endpoints tours, airports, departures,
 * offer, quote and create of `agentSideApi` (agent realm: `req.agent` is the signed-in agency).
 */
export const agentBookingRoutes: FastifyPluginAsync<AreaDeps> = async (app, { db }) => {
  const tags = ['agent-side'];
  route(app, agentSideApi.tours, { tags }, async () => ({
    success: true as const,
    data: await agentTours(db),
  }));
  route(app, agentSideApi.airports, { tags }, async () => ({
    success: true as const,
    data: await agentAirports(db),
  }));
  route(app, agentSideApi.departures, { tags }, async (req) => ({
    success: true as const,
    data: await agentDepartures(db, req.params.id, req.query),
  }));
  route(app, agentSideApi.offer, { tags }, async (req) => ({
    success: true as const,
    data: await agentOffer(db, req.params.id),
  }));
  route(app, agentSideApi.quote, { tags }, async (req) => ({
    success: true as const,
    data: await agentQuote(db, req.agent, req.body),
  }));
  route(app, agentSideApi.create, { tags }, async (req) =>
    ok(AGENT_MESSAGES.bookingCreated, { data: await agentCreateBooking(db, req.agent, req.body) }),
  );
};
