import { Select } from '@mantine/core';
import { bondingReportSchema, reportsApi } from '../../../shared/api/reports';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useBondingTypes } from './report-lists';

const initialValues = reportValues({
  departureDateRangeStart: null,
  departureDateRangeEnd: null,
  bookingDateRangeStart: null,
  bookingDateRangeEnd: null,
  bonding_type: null,
});

/**
 * Bonding report (spec 3 §7 POST reports/bondingreport → Bonding-Report.xlsx): departure and booking
 * ranges (one of them needed) and the bonding type — one of GET bonding-types, or All (every type,
 * with totals per type).
 */
export function BondingPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: reportsApi.bonding, schema: bondingReportSchema, initialValues });
  const { form } = report;
  const types = useBondingTypes();
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields
        form={form}
        from="departureDateRangeStart"
        to="departureDateRangeEnd"
        label="Departure"
      />
      <DateRangeFields form={form} from="bookingDateRangeStart" to="bookingDateRangeEnd" label="Booking" />
      <Select
        label="Bonding type"
        placeholder="Choose a bonding type"
        data={[{ value: 'all', label: 'All' }, ...namedOptions(types.data)]}
        {...form.getInputProps('bonding_type')}
        comboboxProps={{ withinPortal: true }}
      />
    </ReportPanelForm>
  );
}
