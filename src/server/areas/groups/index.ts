/**
 * The groups area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { groupDocumentRoutes } from './document-routes';
import { groupPaymentRoutes } from './payments-routes';
import { groupRoutes } from './routes';

export { revenueOfGroups } from './payments-queries';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [groupRoutes, groupPaymentRoutes, groupDocumentRoutes];
