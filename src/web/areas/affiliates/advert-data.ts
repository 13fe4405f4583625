import { useQuery, useQueryClient } from '@tanstack/react-query';
import { advertsApi } from '../../../shared/api/adverts';
import { summariesApi } from '../../../shared/api/summaries';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/**
 * Data the advertisement screens share (the Advertisements tab, the products and payment details
 * modals, and the summaries that open them).
 */

/** Spec 2 §3 'Pre-data for filters' (POST filters/get-pre-data): suppliers, tour managers, affiliates, sizes. */
export function usePreData() {
  return useQuery({
    queryKey: keys.summaries.list('pre-data'),
    queryFn: ({ signal }) =>
      api.call(summariesApi.preData, { body: { filters_for: 'summary' }, signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** One advertisement with its products and Total / Paid / Left (the products modal). */
export function useAdvertDetail(affiliateId: number, advertId: number, enabled = true) {
  return useQuery({
    queryKey: keys.adverts.one(advertId),
    queryFn: ({ signal }) =>
      api.call(advertsApi.detail, { params: { id: affiliateId, advertId }, signal }).then((r) => r.data),
    enabled,
  });
}

/** Reloads every advert list, detail, summary and history after a change (spec 2 §4: the summary tables reload). */
export function useReloadAdverts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.adverts.all }),
      client.invalidateQueries({ queryKey: keys.summaries.all }),
      client.invalidateQueries({ queryKey: keys.audit.all }),
    ]);
}
