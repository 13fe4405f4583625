/**
 * The instances area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { instanceRoutes } from './routes';

export {
  bookingCount,
  countedPassengers,
  HAS_ACTIVE_BOOKINGS,
  linesOnGroup,
  refuseWhileBookings,
} from './departure-bookings';
export { instanceFlights } from './flights';
export { bookingRows, instanceRows } from './queries';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [instanceRoutes];
