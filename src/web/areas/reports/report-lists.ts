import { useQuery } from '@tanstack/react-query';
import { reportsApi } from '../../../shared/api/reports';
import { TOUR_TYPE_LABELS, TOUR_TYPE_VALUES } from '../../../shared/api/tour-catalogue';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { toOptions } from '../../api/reference';

/** A pick list's option as Mantine's selects take it. */
export type Option = { value: string; label: string };

/** `[{id, name}]` rows as select options. */
export const namedOptions = (rows: { id: number; name: string }[] | undefined): Option[] =>
  toOptions(rows, (r) => r.name);

/** The tour types (spec 3 §9, the labels GET tours/tour-type answers), for the tour type selects. */
export const TOUR_TYPE_OPTIONS: Option[] = TOUR_TYPE_VALUES.map((v) => ({
  value: v,
  label: TOUR_TYPE_LABELS[v],
}));

/**
 * GET reports/fields-data (spec 3 §7 Reports): suppliers, affiliates (active or not: a report may
 * look back at an affiliate since retired), tour managers and airlines, each `[{id, name}]` by name.
 */
export function useReportFieldsData() {
  return useQuery({
    queryKey: keys.reports.list('fields-data'),
    queryFn: ({ signal }) => api.call(reportsApi.fieldsData, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** GET bonding-types: the bonding report's types `[{id, name}]`. */
export function useBondingTypes() {
  return useQuery({
    queryKey: keys.reports.list('bonding-types'),
    queryFn: ({ signal }) => api.call(reportsApi.bondingTypes, { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
}

/**
 * POST reports/rooming/accommodation-list: the accommodation of a resort and/or supplier (neither:
 * all), for the rooming report's cascading accommodation select.
 */
export function useRoomingAccommodation(resortId: string | null, supplierId: string | null) {
  return useQuery({
    queryKey: keys.reports.list('rooming-accommodation', resortId, supplierId),
    queryFn: ({ signal }) =>
      api
        .call(reportsApi.roomingAccommodationList, {
          body: { resort_id: resortId ?? undefined, supplier_id: supplierId ?? undefined },
          signal,
        })
        .then((r) => r.data),
    staleTime: 60_000,
  });
}
