/**
 * The portal area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { portalRoutes } from './routes';

export type { OutsideParty } from './service';
export { acceptAsCustomer, updatePassengerAsCustomer } from './service';
export { issuedDocuments, portalBooking } from './view';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [portalRoutes];
