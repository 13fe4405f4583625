import { useQuery } from '@tanstack/react-query';
import type { PickupPoint, PickupRegion } from '../../../shared/api/regions';
import { api } from '../../api/client';

/** Query keys of the regions area; a change to regions or points invalidates both. */
export const regionKeys = {
  regions: ['pickup-regions'] as const,
  region: (id: number) => ['pickup-regions', id] as const,
  points: ['pickup-points'] as const,
};

/** Every pickup region with its points (GET pickup/regions/). */
export const useRegions = () =>
  useQuery({
    queryKey: regionKeys.regions,
    queryFn: () => api.get<{ data: PickupRegion[] }>('/pickup/regions/').then((r) => r.data),
  });

/** Every pickup point (GET pickup/). */
export const usePoints = () =>
  useQuery({
    queryKey: regionKeys.points,
    queryFn: () => api.get<{ data: PickupPoint[] }>('/pickup/').then((r) => r.data),
  });
