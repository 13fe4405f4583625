import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface Country {
  id: number;
  name: string;
  iso_code: string;
}

/** Countries for selects (GET countries), loaded once per session. UK is id 220. */
export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: () => api.get<{ data: Country[] }>('/countries').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Select options `{value, label}` from rows with an id and a name field. */
export function toOptions<T extends { id: number }>(rows: T[] | undefined, label: (row: T) => string) {
  return (rows ?? []).map((r) => ({ value: String(r.id), label: label(r) }));
}
