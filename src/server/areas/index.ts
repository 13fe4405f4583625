import type { FastifyInstance } from 'fastify';
import { affiliateRoutes } from './affiliates/routes';
import { agentRoutes } from './agents/routes';
import { authRoutes } from './auth/routes';
import { bookingRoutes } from './bookings/routes';
import { customerRoutes } from './customers/routes';
import type { AreaDeps } from './deps';
import { referenceRoutes } from './reference/routes';
import { resortRoutes } from './resorts/routes';

/** Registers every area's routes under /api. One line per area (DESIGN.md §3 areas). */
export async function registerAreas(api: FastifyInstance, deps: AreaDeps) {
  await api.register(authRoutes, deps);
  await api.register(bookingRoutes, deps);
  await api.register(customerRoutes, deps);
  await api.register(agentRoutes, deps);
  await api.register(affiliateRoutes, deps);
  await api.register(referenceRoutes, deps);
  await api.register(resortRoutes, deps);
}
