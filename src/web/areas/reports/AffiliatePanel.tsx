import { Select } from '@mantine/core';
import { affiliateReportSchema, reportsApi } from '../../../shared/api/reports';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useReportFieldsData } from './report-lists';

const initialValues = reportValues({
  affiliate: null,
  departure_from_date: null,
  departure_to_date: null,
  booking_from_date: null,
  booking_to_date: null,
});

/**
 * Affiliate report (spec 3 §7 POST reports/affiliate-report → Affiliate-Report.xlsx): the bookings
 * of one affiliate (needed, §5) departing and/or booked in the ranges (one of them needed).
 */
export function AffiliatePanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.affiliate,
    schema: affiliateReportSchema,
    initialValues,
  });
  const { form } = report;
  const lists = useReportFieldsData();
  return (
    <ReportPanelForm report={report} name={name}>
      <Select
        label="Affiliate"
        placeholder="Choose an affiliate"
        searchable
        data={namedOptions(lists.data?.affiliates)}
        {...form.getInputProps('affiliate')}
        comboboxProps={{ withinPortal: true }}
      />
      <div />
      <DateRangeFields form={form} from="departure_from_date" to="departure_to_date" label="Departure" />
      <DateRangeFields form={form} from="booking_from_date" to="booking_to_date" label="Booking" />
    </ReportPanelForm>
  );
}
