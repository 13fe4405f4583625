import { complianceReportsApi, refundsReportSchema } from '../../../shared/api/compliance-reports';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const initialValues = reportValues({ cancelledFrom: null, cancelledTo: null });

/**
 * Refunds (issue #27, POST reports/refunds → Refunds-Report.xlsx): every booking cancelled between
 * the two dates with money given back or owed, the day it was due (14 days, PTR 2018 reg. 14), the
 * day it was refunded and the days it took.
 */
export function RefundsPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: complianceReportsApi.refunds,
    schema: refundsReportSchema,
    initialValues,
  });
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={report.form} from="cancelledFrom" to="cancelledTo" label="Cancelled" />
    </ReportPanelForm>
  );
}
