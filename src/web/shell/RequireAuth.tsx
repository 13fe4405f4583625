import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { api } from '../api/client';
import { saveRole, useSession } from '../api/session';
import { loginPathFor } from './return-to';

export interface Me {
  id: number;
  name: string;
  email: string;
  role: number;
}

/** POST /api/details: the signed-in member of staff. */
export function useMe(enabled = true) {
  return useQuery({
    queryKey: ['me'],
    queryFn: () => api.post<{ success: true; data: Me }>('/details').then((r) => r.data),
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
