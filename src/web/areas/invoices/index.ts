/**
 * The invoices area's public module: the only names other areas may import from it
 * (src/layers.test.ts keeps it so).
 */

export { InvoicesSection } from './InvoicesSection';
export { RecordPaymentModal } from './RecordPaymentModal';
