import { airlineCostingReportSchema, reportsApi } from '../../../shared/api/reports';
import { AllMultiSelect } from './AllMultiSelect';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useReportFieldsData } from './report-lists';

const initialValues = reportValues({
  airlines: [],
  booking_start: null,
  booking_end: null,
  departure_start: null,
  departuare_end: null,
});

/**
 * Airline costing report (spec 3 §7 POST reports/airline-costing-report → Airline-Costing-Report.csv):
 * tour lines with an airline reference, of the chosen airlines (none: any), booked and/or departing
 * in the ranges (`departuare_end` spelled as in the product).
 */
export function AirlineCostingPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.airlineCosting,
    schema: airlineCostingReportSchema,
    initialValues,
  });
  const { form } = report;
  const lists = useReportFieldsData();
  return (
    <ReportPanelForm report={report} name={name}>
      <AllMultiSelect
        label="Airlines"
        placeholder="Any airline"
        data={namedOptions(lists.data?.airline)}
        loading={lists.isPending}
        {...form.getInputProps('airlines')}
      />
      <div />
      <DateRangeFields form={form} from="booking_start" to="booking_end" label="Booking" />
      <DateRangeFields form={form} from="departure_start" to="departuare_end" label="Departure" />
    </ReportPanelForm>
  );
}
