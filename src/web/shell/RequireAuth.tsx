import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authApi, type Me } from '../../shared/api/auth';
import { api } from '../api/client';
import { keys } from '../api/query-keys';
import { saveRole, useSession } from '../api/session';
import { loginPathFor } from './return-to';

/**
 * POST /api/details: the signed-in member of staff, under `keys.session` (a screen that edits the
 * signed-in user invalidates `keys.session.all`).
 */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: keys.session.one('me'),
    queryFn: ({ signal }): Promise<Me> => api.call(authApi.details, { signal }).then((r) => r.data),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Spec 1 §2/§6: every route but login needs a stored token, else the user goes to /login, which
 * brings them back to the screen they asked for once signed in. The role is kept in storage after
 * login and fetched from the server when missing.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, role } = useSession();
  const me = useMe(!!token);
  const location = useLocation();

  useEffect(() => {
    if (me.data && me.data.role !== role) saveRole(me.data.role);
  }, [me.data, role]);

  if (!token) return <Navigate to={loginPathFor(location)} replace />;
  return children;
}
