import type { ReactNode } from 'react';
import { can, type Permission } from '../../shared/permissions';
import { useSession } from '../api/session';

/** True when the signed-in role may use `permission` (the same table the server enforces). */
export function useCan(permission: Permission): boolean {
  const { role } = useSession();
  return can(role, permission);
}

/** Renders its children only for roles that may use `permission`; otherwise `fallback`. */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: Permission;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useCan(permission) ? children : fallback;
}
