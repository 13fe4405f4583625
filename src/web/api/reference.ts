import { useQuery } from '@tanstack/react-query';
import { airlinesApi } from '../../shared/api/airlines';
import { referenceApi } from '../../shared/api/reference';
import { api } from './client';
import { keys } from './query-keys';

export type { Country } from '../../shared/api/reference';

/** Countries for selects (GET countries), loaded once per session. UK is id 220. */
export function useCountries() {
  return useQuery({
    queryKey: keys.reference.list('countries'),
    queryFn: ({ signal }) => api.call(referenceApi.countries, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Select options `{value, label}` from rows with an id and a name field. */
export function toOptions<T extends { id: number }>(rows: T[] | undefined, label: (row: T) => string) {
  return (rows ?? []).map((r) => ({ value: String(r.id), label: label(r) }));
}

/** The airlines by name (GET airlines, data [{id, name}]), for the airline selects of flights and extras. */
export function useAirlines() {
  return useQuery({
    queryKey: keys.airlines.list(),
    queryFn: ({ signal }) => api.call(airlinesApi.list, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}
