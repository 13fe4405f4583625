import { pathTo } from '../../shared/routes';

/**
 * Where sign-in goes afterwards: the login page carries the screen the user asked for as `?next=`
 * (a deep link opened without a session, or a session that ended), so signing in lands on it
 * instead of on Bookings.
 */
const NEXT = 'next';

/** '/login?next=…' for the given path (+ search and hash); plain '/login' for the login page itself. */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (location.pathname === pathTo('login') || location.pathname === '/') return pathTo('login');
  return `${pathTo('login')}?${new URLSearchParams({ [NEXT]: target })}`;
}

/**
 * The `next` of a login URL's query when it is a path inside this app ('/…', not '//host' or a
 * scheme, never the login page), else Bookings: a crafted link cannot send the user elsewhere.
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return pathTo('bookings');
  if (next === pathTo('login') || next.startsWith(`${pathTo('login')}?`)) return pathTo('bookings');
  return next;
}
