import { useQuery } from '@tanstack/react-query';
import { accommodationApi } from '../../shared/api/accommodation';
import { type TourListItem, toursApi } from '../../shared/api/tours';
import { api } from './client';
import { keys } from './query-keys';

/**
 * The tour catalogue's lists that screens of several areas pick from (tours, bookings, extras,
 * discounts): one home for their queries and keys. Cached for a minute: they change rarely while a
 * form is open.
 */

/** The tour list for pickers (GET tours, spec 3 §7; suppressed tours too with `withSuppressed`), by name. */
export function useTourList({ withSuppressed = false } = {}) {
  return useQuery({
    queryKey: keys.tours.list('picker', { withSuppressed }),
    queryFn: ({ signal }) =>
      api
        .call(toursApi.list, { query: withSuppressed ? { show_suppressed: 1 } : {}, signal })
        .then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Select options for tours; a suppressed tour is marked so. */
export function tourOptions(rows: TourListItem[] | undefined) {
  return (rows ?? []).map((t) => ({
    value: String(t.id),
    label: t.is_suppressed ? `${t.name} (suppressed)` : t.name,
  }));
}

/** The lists the tour screens choose from (GET tours/tour-data, spec 3 §7 Tours). */
export function useTourData() {
  return useQuery({
    queryKey: keys.tours.list('tour-data'),
    queryFn: ({ signal }) => api.call(toursApi.tourData, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/**
 * GET accommodation/supplier-and-resorts: the suppliers and resorts accommodation belongs to (the
 * accommodation details form and the rooming report's filters choose from them).
 */
export function useSuppliersAndResorts() {
  return useQuery({
    queryKey: keys.accommodation.list('supplier-and-resorts'),
    queryFn: ({ signal }) => api.call(accommodationApi.suppliersAndResorts, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** UK departure airports (GET airports/by_country/GB): instances and the new booking's filter. */
export function useDepartureAirports() {
  return useQuery({
    queryKey: keys.tours.list('departure-airports', 'GB'),
    queryFn: ({ signal }) =>
      api.call(toursApi.airportsByCountry, { params: { code: 'GB' }, signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Select options for airports: 'Manchester Airport (MAN)'. */
export function airportOptions(rows: { id: number; airport_name: string; iata_code: string }[] | undefined) {
  return (rows ?? []).map((a) => ({ value: String(a.id), label: `${a.airport_name} (${a.iata_code})` }));
}

/**
 * The pickup points an instance may leave from (spec 3 §5): those of its group's pickup region,
 * or, when the group has none, every region's points, each once. `regions` is tour-data's
 * `pickUpRegions` (undefined while loading).
 */
export function pickupPointsOf<P extends { id: number }>(
  regions: { id: number; region_name: string; pick_up_points: P[] }[] | undefined,
  regionId: number | null | undefined,
): P[] {
  const region = regions?.find((r) => r.id === regionId);
  if (region) return region.pick_up_points;
  return (regions ?? [])
    .flatMap((r) => r.pick_up_points)
    .filter((p, n, all) => all.findIndex((x) => x.id === p.id) === n);
}
