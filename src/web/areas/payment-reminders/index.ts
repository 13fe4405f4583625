/**
 * The payment-reminders area's public module: the only names other areas may import from it
 * (src/web/layers.test.ts keeps it so).
 */

export { DueRemindersPanel } from './DueRemindersPanel';
