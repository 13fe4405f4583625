import type { NewStaffUser } from '../../users/service';

/** The demo operator's staff sign-ins (shown in the README; never use them in production). */
export const DEMO_USERS = [
  { name: 'Alice Admin', email: 'admin@demo.test', password: 'demo-admin-2026', role: 1 },
  { name: 'Andy Accountant', email: 'accounts@demo.test', password: 'demo-accounts-2026', role: 2 },
] as const satisfies readonly NewStaffUser[];

/**
 * The demo's agency sign-in on the travel agent's side (issue #25, `/agent/sign-in`): the agency with
 * the most bookings departing from today on gets this address and password (shown in the README).
 */
export const DEMO_AGENCY = { email: 'agency@demo.test', password: 'demo-agency-2026' } as const;
