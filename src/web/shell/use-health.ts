import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/** GET /api/health (public): `{status: 'ok', app_env}`. */
export function useHealth() {
  return useQuery({
    queryKey: ['health'],
    queryFn: () => api.get<{ status: string; app_env: string }>('/health'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The environment name when it is not production (spec 1 §1: the test-mode banner), else null. */
export function useTestModeEnv(): string | null {
  const env = useHealth().data?.app_env;
  return env && env !== 'production' ? env : null;
}
