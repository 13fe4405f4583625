import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { keys } from './query-keys';

/** Shared by the app and the logout action (which clears it). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a refusal (4xx) cannot help; one retry for network or server trouble.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

/** Forgets everything cached about the signed-in user (sign-in, sign-out, 401); keeps public data. */
export function clearUserData(): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.health.all[0] });
}
