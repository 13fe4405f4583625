import { Select } from '@mantine/core';
import { tomsApi, tomsWorkingReportSchema } from '../../../shared/api/toms';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { vatQuarterOptions } from './toms-quarters';

const initialValues = reportValues({ quarter: null });

/**
 * TOMS working (issue #27, HMRC VAT Notice 709/5; POST reports/toms-working →
 * TOMS-Working-{quarter}.xlsx): the VAT quarter, chosen from the operator's stagger; a row per
 * booking departing in it, totals and a summary sheet to file from.
 */
export function TomsWorkingPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: tomsApi.working, schema: tomsWorkingReportSchema, initialValues });
  return (
    <ReportPanelForm report={report} name={name}>
      <Select
        label="VAT quarter"
        placeholder="Choose the quarter"
        data={vatQuarterOptions()}
        searchable
        {...report.form.getInputProps('quarter')}
      />
    </ReportPanelForm>
  );
}
