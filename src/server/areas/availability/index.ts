/**
 * The availability area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { availabilityRoutes } from './routes';

export { effectiveSql } from './effective-values';
export { getInstanceOffer, offerCatalogue, offeredAccommodationRows, saleClosedReason } from './offer';
export type { InstanceHead } from './places';
export {
  claimedInstances,
  claimPlaces,
  lockInstancesSql,
  placesFitSql,
  placesTaken,
  placesTakenSql,
  refuseUnlessPlaces,
} from './places';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [availabilityRoutes];
