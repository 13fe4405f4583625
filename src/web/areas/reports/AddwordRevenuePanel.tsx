import { addwordRevenueReportSchema, reportsApi } from '../../../shared/api/reports';
import { AllMultiSelect } from './AllMultiSelect';
import { DateRangeFields } from './DateRangeFields';
import { useReportTours } from './ReportSelects';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useReportFieldsData } from './report-lists';

const initialValues = reportValues({
  placementStartDate: null,
  placementEndDate: null,
  tour: [],
  selectedAffiliate: [],
});

/**
 * Addword revenue report (spec 3 §7 POST reports/addword-revenue-report; 'Addword Reveue Report'):
 * adverts placed in the range, of the chosen affiliates, advertising the chosen tours (none chosen:
 * any), against the revenue they brought.
 */
export function AddwordRevenuePanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.addwordRevenue,
    schema: addwordRevenueReportSchema,
    initialValues,
  });
  const { form } = report;
  const tours = useReportTours();
  const lists = useReportFieldsData();
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={form} from="placementStartDate" to="placementEndDate" label="Placement" />
      <AllMultiSelect
        label="Tours"
        placeholder="Any tour"
        data={tours.options}
        loading={tours.loading}
        {...form.getInputProps('tour')}
      />
      <AllMultiSelect
        label="Affiliates"
        placeholder="Any affiliate"
        data={namedOptions(lists.data?.affiliates)}
        loading={lists.isPending}
        {...form.getInputProps('selectedAffiliate')}
      />
    </ReportPanelForm>
  );
}
