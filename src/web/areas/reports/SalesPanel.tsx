import { Stack, Switch } from '@mantine/core';
import { reportsApi, salesReportSchema } from '../../../shared/api/reports';
import { DateRangeFields } from './DateRangeFields';
import { TourSelect, TourTypeSelect } from './ReportSelects';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { DEFAULT_SALES_SWITCHES, flipSalesSwitch, type SalesSwitch } from './sales-switches';

const initialValues = reportValues({
  departureDateStart: null,
  departureDateEnd: null,
  bookingDateStart: null,
  bookingDateEnd: null,
  tour_name: null,
  tour_type: null,
  ...DEFAULT_SALES_SWITCHES,
});

const SWITCHES: { key: SalesSwitch; label: string }[] = [
  { key: 'include_confirmed', label: 'Confirmed / paid' },
  { key: 'include_cancelled', label: 'Cancelled' },
  { key: 'include_cancelled_pending', label: 'Cancelled and pending' },
];

/**
 * Sales report (spec 3 §7 POST reports/salesreport → Sales-Report.xlsx): departure and booking
 * ranges (one of them needed), a tour (`tour_name`, its id), a tour type, and the three switches
 * with §4's interplay setting report_type (confirmed by default, §9); each switch is sent 'yes'/'no'.
 */
export function SalesPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: reportsApi.sales, schema: salesReportSchema, initialValues });
  const { form } = report;
  const values = form.getValues();
  const flip = (key: SalesSwitch, on: boolean) => {
    const next = flipSalesSwitch(
      {
        include_confirmed: values.include_confirmed,
        include_cancelled: values.include_cancelled,
        include_cancelled_pending: values.include_cancelled_pending,
        report_type: (values.report_type ?? 'confirmed') as typeof DEFAULT_SALES_SWITCHES.report_type,
      },
      key,
      on,
    );
    form.setValues(next);
  };
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={form} from="departureDateStart" to="departureDateEnd" label="Departure" />
      <DateRangeFields form={form} from="bookingDateStart" to="bookingDateEnd" label="Booking" />
      <TourSelect form={form} field="tour_name" />
      <TourTypeSelect form={form} field="tour_type" />
      <Switch.Group
        label="Bookings to list"
        value={SWITCHES.filter((s) => values[s.key]).map((s) => s.key)}
        onChange={(next) => {
          const changed = SWITCHES.find((s) => next.includes(s.key) !== values[s.key]);
          if (changed) flip(changed.key, next.includes(changed.key));
        }}
      >
        <Stack gap={8} mt={6}>
          {SWITCHES.map((s) => (
            <Switch key={s.key} value={s.key} label={s.label} />
          ))}
        </Stack>
      </Switch.Group>
    </ReportPanelForm>
  );
}
