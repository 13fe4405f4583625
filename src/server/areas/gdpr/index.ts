/**
 * The gdpr area's public module: its routes and the only names other areas (and app.ts, which
 * schedules the daily retention run) may import from it (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { gdprRoutes } from './routes';

export { defineGdprRetention } from './retention';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [gdprRoutes];
