import type { NewStaffUser } from '../../users/service';

/** The demo operator's staff sign-ins (shown in the README; never use them in production). */
export const DEMO_USERS = [
  { name: 'Alice Admin', email: 'admin@demo.test', password: 'demo-admin-2026', role: 1 },
  { name: 'Andy Accountant', email: 'accounts@demo.test', password: 'demo-accounts-2026', role: 2 },
] as const satisfies readonly NewStaffUser[];
