import { SegmentedControl } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { ArtworkSummary } from './ArtworkSummary';
import { PaymentInvoicesSummary } from './PaymentInvoicesSummary';
import { TourSummary } from './TourSummary';

const REPORTS = [
  { value: 'payment-invoices', label: 'Payment Invoices' },
  { value: 'artwork', label: 'Artwork' },
  { value: 'tour', label: 'Tour' },
] as const;
type Report = (typeof REPORTS)[number]['value'];

/**
 * Summaries (/summaries, route summary-index, spec 2 §2): three switchable reports — Payment
 * Invoices (the default), Artwork and Tour — each a server-side table (5, 25, 50, 100, 500 rows;
 * 25 by default). The report shown is kept in `?report=`.
 */
export function SummariesPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('report') as Report | null;
  const report: Report = REPORTS.some((r) => r.value === asked) ? (asked as Report) : 'payment-invoices';
  return (
    <>
      <PageHeader title="Summaries" />
      <SegmentedControl
        mb="md"
        aria-label="Report"
        data={REPORTS.map((r) => ({ value: r.value, label: r.label }))}
        value={report}
        onChange={(v) => setParams(v === 'payment-invoices' ? {} : { report: v }, { replace: true })}
      />
      {report === 'payment-invoices' && <PaymentInvoicesSummary />}
      {report === 'artwork' && <ArtworkSummary />}
      {report === 'tour' && <TourSummary />}
    </>
  );
}
