import { Group, Radio } from '@mantine/core';
import {
  type BLACKLIST_CHOICES,
  customerReportSchema,
  type OPT_OUT_CHOICES,
  type REPORT_WITH_CHOICES,
  reportsApi,
} from '../../../shared/api/reports';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';

const OPT_OUT_LABELS: Record<(typeof OPT_OUT_CHOICES)[number], string> = {
  include_opt_out: 'Include',
  exclude_opt_out: 'Exclude',
  only_opt_out: 'Only',
};
const BLACKLIST_LABELS: Record<(typeof BLACKLIST_CHOICES)[number], string> = {
  include_blacklisted: 'Include',
  exclude_blacklisted: 'Exclude',
  only_blacklisted: 'Only',
};
const REPORT_WITH_LABELS: Record<(typeof REPORT_WITH_CHOICES)[number], string> = {
  brochure_requests: 'With brochure requests',
  without_brochure_requests: 'Without',
  both: 'Both',
};

/** Spec 3 §9: opt-outs and blacklisted customers are left out unless asked for. */
const initialValues = reportValues({
  customer_creation_from: null,
  customer_creation_to: null,
  customer_brochure_from: null,
  customer_brochure_to: null,
  opt_out_emails_customer: 'exclude_opt_out',
  opt_out_mailing_customer: 'exclude_opt_out',
  blacklisted_mailing_customer: 'exclude_blacklisted',
  report_with: 'both',
});

/** Three or so radios in a row under one label. */
function Choice({
  label,
  labels,
  inputProps,
}: {
  label: string;
  labels: Record<string, string>;
  inputProps: { value?: unknown; onChange?: unknown; error?: unknown };
}) {
  return (
    <Radio.Group
      label={label}
      value={String(inputProps.value ?? '')}
      onChange={inputProps.onChange as (v: string) => void}
      error={inputProps.error as React.ReactNode}
    >
      <Group gap="md" mt={6}>
        {Object.entries(labels).map(([value, text]) => (
          <Radio key={value} value={value} label={text} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Customer report (spec 3 §7 POST reports/customer-detail-report → Customer-Report.xlsx): customers
 * created in a range (the from date needed, §5), optionally with brochure requests in a range, and
 * the §3 choices for email and mailing opt-outs, blacklisted customers (defaults exclude, §9) and
 * brochure requests.
 */
export function CustomerReportPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.customers,
    schema: customerReportSchema,
    initialValues,
  });
  const { form } = report;
  return (
    <ReportPanelForm report={report} name={name}>
      <DateRangeFields
        form={form}
        from="customer_creation_from"
        to="customer_creation_to"
        label="Customer created"
      />
      <DateRangeFields
        form={form}
        from="customer_brochure_from"
        to="customer_brochure_to"
        label="Brochure requested"
      />
      <Choice
        label="Email opt-outs"
        labels={OPT_OUT_LABELS}
        inputProps={form.getInputProps('opt_out_emails_customer')}
      />
      <Choice
        label="Mailing opt-outs"
        labels={OPT_OUT_LABELS}
        inputProps={form.getInputProps('opt_out_mailing_customer')}
      />
      <Choice
        label="Blacklisted customers"
        labels={BLACKLIST_LABELS}
        inputProps={form.getInputProps('blacklisted_mailing_customer')}
      />
      <Choice
        label="Brochure requests"
        labels={REPORT_WITH_LABELS}
        inputProps={form.getInputProps('report_with')}
      />
    </ReportPanelForm>
  );
}
