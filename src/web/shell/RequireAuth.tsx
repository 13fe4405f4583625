import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { pathTo } from '../../shared/routes';
import { api } from '../api/client';
import { saveRole, useSession } from '../api/session';

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
 * Spec 1 §2/§6: every route but login needs a stored token, else the user goes to /login. The role
 * is kept in storage after login and fetched from the server when missing.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, role } = useSession();
  const me = useMe(!!token);

  useEffect(() => {
    if (me.data && me.data.role !== role) saveRole(me.data.role);
  }, [me.data, role]);

  if (!token) return <Navigate to={pathTo('login')} replace />;
  return children;
}
