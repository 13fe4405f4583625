import { Group, Radio, Switch } from '@mantine/core';
import {
  CUSTOMER_FILTER_MODES,
  departureCustomerReportSchema,
  reportsApi,
} from '../../../shared/api/reports';
import { CustomerListPicker } from './CustomerListPicker';
import { DateRangeFields } from './DateRangeFields';
import { TourSelect } from './ReportSelects';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

type FilterMode = (typeof CUSTOMER_FILTER_MODES)[number];

const MODE_LABELS: Record<FilterMode, string> = {
  all: 'All customers',
  exclude: 'Exclude customers',
  only: 'Only these customers',
};

const initialValues = reportValues({
  departure_from_date: null,
  departure_to_date: null,
  booking_from_date: null,
  booking_to_date: null,
  tour_id: null,
  unaccepted_only: false,
  filterMode: 'all',
  excluded_customer: [],
  only_customer: [],
});

/**
 * Booking customer detail (spec 3 §7 POST reports/departure-customer-details → Departure-Report.xlsx):
 * departure and booking ranges, a tour, 'unaccepted changes only', and the customer filter mode
 * (§4: all clears both lists, exclude clears the 'only' list, only clears the 'exclude' list) with
 * its list of customers picked by name or postcode.
 */
export function DepartureCustomersPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.departureCustomers,
    schema: departureCustomerReportSchema,
    initialValues,
  });
  const { form } = report;
  const mode = (form.getValues().filterMode ?? 'all') as FilterMode;
  const setMode = (next: string) => {
    form.setFieldValue('filterMode', next);
    if (next !== 'exclude') form.setFieldValue('excluded_customer', []);
    if (next !== 'only') form.setFieldValue('only_customer', []);
  };
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={form} from="departure_from_date" to="departure_to_date" label="Departure" />
      <DateRangeFields form={form} from="booking_from_date" to="booking_to_date" label="Booking" />
      <TourSelect form={form} field="tour_id" />
      <Switch
        label="Only bookings with changes not accepted"
        mt={{ base: 0, sm: 30 }}
        {...form.getInputProps('unaccepted_only', { type: 'checkbox' })}
      />
      <Radio.Group label="Customers" value={mode} onChange={setMode}>
        <Group gap="md" mt={6}>
          {CUSTOMER_FILTER_MODES.map((m) => (
            <Radio key={m} value={m} label={MODE_LABELS[m]} />
          ))}
        </Group>
      </Radio.Group>
      {mode === 'exclude' && (
        <CustomerListPicker
          label="Customers to exclude"
          value={form.getValues().excluded_customer}
          onChange={(ids) => form.setFieldValue('excluded_customer', ids)}
          error={form.errors.excluded_customer}
        />
      )}
      {mode === 'only' && (
        <CustomerListPicker
          label="Only these customers"
          value={form.getValues().only_customer}
          onChange={(ids) => form.setFieldValue('only_customer', ids)}
          error={form.errors.only_customer}
        />
      )}
    </ReportPanelForm>
  );
}
