import { debtorReportSchema, reportsApi } from '../../../shared/api/reports';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const initialValues = reportValues({ from_date: null, to_date: null });

/**
 * Aged debtors (spec 3 §7 POST reports/debtor-booking → Debtor-Report.xlsx): bookings whose balance
 * falls due between the two dates (§5: both needed).
 */
export function DebtorPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: reportsApi.debtor, schema: debtorReportSchema, initialValues });
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={report.form} from="from_date" to="to_date" label="Due" />
    </ReportPanelForm>
  );
}
