/**
 * The payment-reminders area's public module: its routes and the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */
import type { AreaRoutes } from '../deps';
import { paymentReminderRoutes } from './routes';

export { definePaymentReminderRuns } from './service';

/** The area's routes, registered under /api by areas/index.ts in this order. */
export const routes: AreaRoutes = [paymentReminderRoutes];
