import { useQuery } from '@tanstack/react-query';
import { healthApi } from '../../shared/api/health';
import { api } from '../api/client';
import { keys } from '../api/query-keys';

/** GET /api/health (public): `{status: 'ok', app_env}`. */
export function useHealth() {
  return useQuery({
    queryKey: keys.health.all,
    queryFn: ({ signal }) => api.call(healthApi.get, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The environment name when it is not production (spec 1 §1: the test-mode banner), else null. */
export function useTestModeEnv(): string | null {
  const env = useHealth().data?.app_env;
  return env && env !== 'production' ? env : null;
}
