import type { Screen } from '../ui/screen';

/**
 * The customer's "Manage my booking" (issue #23): public routes, outside the staff shell in their own
 * token realm, each with the portal's own error page (no staff link).
 */
const errorPage = () => import('./PortalErrorPage').then((m) => m.PortalErrorPage);

export const routes: readonly Screen[] = [
  {
    route: 'portal-booking',
    load: () => import('./PortalBookingPage').then((m) => m.PortalBookingPage),
    errorPage,
  },
  {
    route: 'portal-sign-in',
    load: () => import('./PortalSignInPage').then((m) => m.PortalSignInPage),
    errorPage,
  },
  { route: 'portal-link', load: () => import('./PortalLinkPage').then((m) => m.PortalLinkPage), errorPage },
];
