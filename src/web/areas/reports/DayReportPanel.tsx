import { Select } from '@mantine/core';
import { DAYBOOK_TYPES, daybookReportSchema, reportsApi } from '../../../shared/api/reports';
import { DateField } from '../../ui/DateField';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const TYPE_LABELS: Record<(typeof DAYBOOK_TYPES)[number], string> = {
  report: 'Report (one day, spreadsheet)',
  csv: 'CSV (a date range)',
};

const initialValues = reportValues({ type: null, start_date: null, end_date: null });

/**
 * Day report (spec 3 §7 POST reports/daybook): the report type first (§5: 'Please select a valid
 * report type'); type report takes one booking date → Day-Report.xlsx, type csv a start and an end
 * date → a CSV named with both. Changing the type keeps the start date and lets an unused end go.
 */
export function DayReportPanel({ name }: { name: string }) {
  const report = useReportForm({ endpoint: reportsApi.daybook, schema: daybookReportSchema, initialValues });
  const { form } = report;
  const type = form.getValues().type;
  return (
    <ReportPanelForm report={report} name={name}>
      <Select
        label="Report type"
        placeholder="Choose a report type"
        data={DAYBOOK_TYPES.map((v) => ({ value: v, label: TYPE_LABELS[v] }))}
        {...form.getInputProps('type')}
        onChange={(v) => {
          form.setFieldValue('type', v);
          if (v !== 'csv') form.setFieldValue('end_date', null);
          form.clearFieldError('type');
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {type === 'csv' ? (
        <>
          <div />
          <DateRangeFields form={form} from="start_date" to="end_date" label="Booking" />
        </>
      ) : (
        <DateField label="Booking date" {...form.getInputProps('start_date')} />
      )}
    </ReportPanelForm>
  );
}
