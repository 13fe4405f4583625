import { useQuery } from '@tanstack/react-query';
import { type AffiliateOption, affiliatesApi } from '../../../shared/api/affiliates';
import { brochuresApi } from '../../../shared/api/brochures';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** Active affiliates for selects (GET affiliates?type=active: data [{id, name, code}]). */
export function useActiveAffiliates() {
  return useQuery({
    queryKey: keys.affiliates.list('active'),
    queryFn: ({ signal }) =>
      api.call(affiliatesApi.list, { query: { type: 'active' }, signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Active brochures for the request modal (GET brochure-list?type=active: data [{id, brochure_name}]). */
export function useActiveBrochures(enabled: boolean) {
  return useQuery({
    queryKey: keys.brochures.list('options', 'active'),
    queryFn: ({ signal }) =>
      api.call(brochuresApi.options, { query: { type: 'active' }, signal }).then((r) => r.data),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/** Affiliate select options; the customer's own affiliate stays listed even when inactive. */
export function affiliateOptions(
  rows: AffiliateOption[] | undefined,
  current?: { id: number | null; name: string | null },
) {
  const options = (rows ?? []).map((a) => ({
    value: String(a.id),
    label: a.code ? `${a.name} (${a.code})` : a.name,
  }));
  if (current?.id && !options.some((o) => o.value === String(current.id))) {
    options.unshift({ value: String(current.id), label: current.name ?? `Affiliate #${current.id}` });
  }
  return options;
}
