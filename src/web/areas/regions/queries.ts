import { useQuery } from '@tanstack/react-query';
import { regionsApi } from '../../../shared/api/regions';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';

/**
 * The regions area's lists, under `keys.regions` (a change to regions or points invalidates
 * `keys.regions.all`, so both lists and the region being managed reload).
 */

/** Every pickup region with its points (GET pickup/regions/). */
export const useRegions = () =>
  useQuery({
    queryKey: keys.regions.list('regions'),
    queryFn: ({ signal }) => api.call(regionsApi.list, { signal }).then((r) => r.data),
  });

/** Every pickup point (GET pickup/). */
export const usePoints = () =>
  useQuery({
    queryKey: keys.regions.list('points'),
    queryFn: ({ signal }) => api.call(regionsApi.points, { signal }).then((r) => r.data),
  });
