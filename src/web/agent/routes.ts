import type { Screen } from '../ui/screen';

/**
 * The travel agent's side (issue #25): public routes outside the staff shell in the agent token
 * realm (each page sends an agency without a session to the sign-in page), each with the agent's
 * own error page (no staff link).
 */
const errorPage = () => import('./AgentErrorPage').then((m) => m.AgentErrorPage);

export const routes: readonly Screen[] = [
  {
    route: 'agent-sign-in',
    load: () => import('./AgentSignInPage').then((m) => m.AgentSignInPage),
    errorPage,
  },
  {
    route: 'agent-bookings',
    load: () => import('./AgentBookingsPage').then((m) => m.AgentBookingsPage),
    errorPage,
  },
  {
    route: 'agent-booking',
    load: () => import('./AgentBookingPage').then((m) => m.AgentBookingPage),
    errorPage,
  },
  { route: 'agent-book', load: () => import('./AgentBookPage').then((m) => m.AgentBookPage), errorPage },
  {
    route: 'agent-statement',
    load: () => import('./AgentStatementPage').then((m) => m.AgentStatementPage),
    errorPage,
  },
];
