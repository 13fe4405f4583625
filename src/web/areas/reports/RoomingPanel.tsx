import { Select, Switch } from '@mantine/core';
import { ROOMING_ORDER_BY, reportsApi, roomingReportSchema } from '../../../shared/api/reports';
import { toOptions } from '../../api/reference';
import { useSuppliersAndResorts } from '../../api/tours';
import { DateRangeFields } from './DateRangeFields';
import { TourTypeSelect } from './ReportSelects';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useRoomingAccommodation } from './report-lists';

const ORDER_LABELS: Record<(typeof ROOMING_ORDER_BY)[number], string> = {
  accommodation: 'Accommodation',
  date: 'Booking date',
  arrival_date: 'Arrival date',
};

const initialValues = reportValues({
  booking_start_date: null,
  booking_end_date: null,
  arrival_start_date: null,
  arrival_end_date: null,
  resort_id: null,
  supplier_id: null,
  accommodation_id: null,
  tour_type: null,
  include_cancelled: false,
  include_pending: false,
  order_by: 'accommodation',
});

/**
 * Rooming report (spec 3 §7 POST reports/rooming → rooming-report.xlsx): booking and arrival
 * ranges (one of them needed), resort and supplier narrowing the accommodation list (POST
 * reports/rooming/accommodation-list), tour type, the include cancelled / pending switches (§4) and
 * the order (accommodation by default, §3).
 */
export function RoomingPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: reportsApi.rooming, schema: roomingReportSchema, initialValues });
  const { form } = report;
  const { resort_id, supplier_id } = form.getValues();
  const lists = useSuppliersAndResorts();
  const accommodation = useRoomingAccommodation(resort_id, supplier_id);

  /** A new resort or supplier narrows the list: a chosen accommodation outside it is let go. */
  const narrow = (field: 'resort_id' | 'supplier_id', value: string | null) => {
    form.setFieldValue(field, value);
    form.setFieldValue('accommodation_id', null);
  };

  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields form={form} from="booking_start_date" to="booking_end_date" label="Booking" />
      <DateRangeFields form={form} from="arrival_start_date" to="arrival_end_date" label="Arrival" />
      <Select
        label="Resort"
        placeholder="Any resort"
        searchable
        clearable
        data={toOptions(lists.data?.resorts, (r) => r.resort_name)}
        {...form.getInputProps('resort_id')}
        onChange={(v) => narrow('resort_id', v)}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Supplier"
        placeholder="Any supplier"
        searchable
        clearable
        data={toOptions(lists.data?.suppliers, (s) => s.supplier_name)}
        {...form.getInputProps('supplier_id')}
        onChange={(v) => narrow('supplier_id', v)}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Accommodation"
        placeholder="Any accommodation"
        searchable
        clearable
        data={namedOptions(accommodation.data)}
        nothingFoundMessage={accommodation.isFetching ? 'Loading…' : 'No accommodation'}
        {...form.getInputProps('accommodation_id')}
        comboboxProps={{ withinPortal: true }}
      />
      <TourTypeSelect form={form} field="tour_type" />
      <Select
        label="Order by"
        allowDeselect={false}
        data={ROOMING_ORDER_BY.map((v) => ({ value: v, label: ORDER_LABELS[v] }))}
        {...form.getInputProps('order_by')}
        comboboxProps={{ withinPortal: true }}
      />
      <div />
      <Switch
        label="Include cancelled bookings"
        {...form.getInputProps('include_cancelled', { type: 'checkbox' })}
      />
      <Switch
        label="Include pending bookings"
        {...form.getInputProps('include_pending', { type: 'checkbox' })}
      />
    </ReportPanelForm>
  );
}
