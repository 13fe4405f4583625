import { useQuery } from '@tanstack/react-query';
import { brochureRequestListApi } from '../../../shared/api/brochure-requests';
import { brochuresApi } from '../../../shared/api/brochures';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/** The brochure-request screens' data, under `keys.brochureRequests` (and the brochures' own keys). */

/** One brochure request (the edit screen). */
export const useBrochureRequest = (id: number) =>
  useQuery({
    queryKey: keys.brochureRequests.one(id),
    queryFn: ({ signal }) =>
      api.call(brochureRequestListApi.get, { params: { id }, signal }).then((r) => r.data[0]),
  });

/** The batches already processed, loaded when the dialog opens. */
export const useProcessedBatches = (opened: boolean) =>
  useQuery({
    queryKey: [...keys.brochureRequests.all, 'batches'],
    queryFn: ({ signal }) => api.call(brochureRequestListApi.batches, { signal }).then((r) => r.data),
    enabled: opened,
  });

/** Every brochure, for the list's filter (a brochure saved elsewhere reloads it: `keys.brochures`). */
export const useBrochureOptions = () =>
  useQuery({
    queryKey: keys.brochures.list('options', 'all'),
    queryFn: ({ signal }) => api.call(brochuresApi.options, { signal }).then((r) => r.data),
  });
