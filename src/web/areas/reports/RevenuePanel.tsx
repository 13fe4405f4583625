import { reportsApi, revenueReportSchema } from '../../../shared/api/reports';
import { AllMultiSelect } from './AllMultiSelect';
import { DateRangeFields } from './DateRangeFields';
import { useReportTours } from './ReportSelects';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const initialValues = reportValues({ departureDateStart: null, departureDateEnd: null, selected_tours: [] });

/**
 * Revenue report (spec 3 §7 POST reports/revenue-report → Revenue-Report.xlsx): one row per
 * departure of the chosen tours (at least one, §5; 'All' picks every tour) in the departure range.
 * Any failure reads 'The given data was invalid.' (§8).
 */
export function RevenuePanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.revenue,
    schema: revenueReportSchema,
    initialValues,
    invalidDataOnFailure: true,
  });
  const { form } = report;
  const tours = useReportTours();
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={form} from="departureDateStart" to="departureDateEnd" label="Departure" />
      <AllMultiSelect
        label="Tours"
        placeholder="Choose tours"
        data={tours.options}
        loading={tours.loading}
        {...form.getInputProps('selected_tours')}
      />
    </ReportPanelForm>
  );
}
