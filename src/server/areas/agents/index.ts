/**
 * The agents area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { agentRoutes } from './routes';

export { partyBookingsTable } from './party-bookings';
export { RESET_NO_AGENT, sendAgentResetLink } from './service';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [agentRoutes];
