import { matchPath, useLocation } from 'react-router';
import { type RouteDef, routes } from '../../shared/routes';

/** The route-table entry for a pathname (canonical path or an alias), or null. */
export function findRoute(pathname: string): RouteDef | null {
  for (const r of routes) {
    for (const p of [r.path, ...(r.aliases ?? [])]) {
      if (matchPath({ path: p, end: true }, pathname)) return r;
    }
  }
  return null;
}

export function useCurrentRoute(): RouteDef | null {
  return findRoute(useLocation().pathname);
}
