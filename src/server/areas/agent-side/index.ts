/**
 * The travel agent's side (issue #25): the area's public module — its routes (it exports nothing
 * else; src/layers.test.ts keeps areas importing each other only through these modules).
 */
import type { AreaRoutes } from '../deps';
import { agentBookingRoutes } from './booking-routes';
import { agentSideRoutes } from './routes';
import { agentStatementRoutes } from './statement-routes';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [agentSideRoutes, agentBookingRoutes, agentStatementRoutes];
