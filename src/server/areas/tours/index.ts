/**
 * The tours area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { tourCatalogueRoutes } from './catalogue-routes';
import { tourRoutes } from './routes';

export { addTourAccommodation, setAccommodationExcluded } from './accommodation-queries';
export { airportsByCountry, tourAccommodationRows } from './catalogue-queries';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [tourRoutes, tourCatalogueRoutes];
