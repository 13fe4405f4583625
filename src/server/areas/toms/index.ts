/**
 * The toms area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { tomsRoutes } from './routes';

export type { TomsBookingInput } from './figures';
export { loadTomsSettings, tomsBookingColumns, tomsFiguresFrom } from './figures';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [tomsRoutes];
