import { useQuery } from '@tanstack/react-query';
import type { TourListItem } from '../../shared/api/tours';
import { api } from './client';

/**
 * The tour list for pickers (GET tours, spec 3 §7; suppressed tours too with `withSuppressed`),
 * by name. Cached for a minute: tours change rarely while a form is open.
 */
export function useTourList({ withSuppressed = false } = {}) {
  return useQuery({
    queryKey: ['tours', 'list', { withSuppressed }],
    queryFn: () =>
      api
        .get<{ data: TourListItem[] }>('/tours', withSuppressed ? { show_suppressed: 1 } : undefined)
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
