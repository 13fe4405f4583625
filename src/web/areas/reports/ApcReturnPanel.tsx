import { Select } from '@mantine/core';
import { apcPeriod, apcReturnSchema, complianceReportsApi } from '../../../shared/api/compliance-reports';
import { addMonths, londonToday } from '../../../shared/dates';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const initialValues = reportValues({ period: null });

/** The periods offered, newest first: this quarter and the seven before it, this month and the 23 before it. */
export function apcPeriodOptions(today = londonToday()) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const months = Array.from({ length: 24 }, (_, i) => addMonths(monthStart, -i).slice(0, 7));
  const quarterOf = (ym: string) => `${ym.slice(0, 4)}-Q${Math.ceil(Number(ym.slice(5, 7)) / 3)}`;
  const quarters = [...new Set(months.map(quarterOf))].slice(0, 8);
  const item = (value: string) => ({ value, label: apcPeriod(value).label });
  return [
    { group: 'Quarters', items: quarters.map(item) },
    { group: 'Months', items: months.map(item) },
  ];
}

/**
 * ATOL APC return (issue #27, POST reports/atol-apc-return): the certificates issued in a month or
 * a quarter, their passengers aged 2+ and APC at the rate of their date, with the CAA return's
 * header (ATOL holder, number, period, passengers, APC and licensable revenue).
 */
export function ApcReturnPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: complianceReportsApi.apcReturn,
    schema: apcReturnSchema,
    initialValues,
  });
  return (
    <ReportPanelForm report={report} name={name}>
      <Select
        label="Period"
        placeholder="Choose a month or quarter"
        data={apcPeriodOptions()}
        {...report.form.getInputProps('period')}
        comboboxProps={{ withinPortal: true }}
      />
    </ReportPanelForm>
  );
}
