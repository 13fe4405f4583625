import { Select } from '@mantine/core';
import {
  PAYMENT_REPORT_DATE_PAIRS,
  PAYMENT_REPORT_FOR,
  paymentReportSchema,
  reportsApi,
} from '../../../shared/api/reports';
import { AllMultiSelect } from './AllMultiSelect';
import { DateRangeFields } from './DateRangeFields';
import { ReportPanelForm, reportValues, useReportForm } from './report-kit';
import { namedOptions, useReportFieldsData } from './report-lists';

type PaymentFor = (typeof PAYMENT_REPORT_FOR)[number];
type DatePair = (typeof PAYMENT_REPORT_DATE_PAIRS)[number];

const FOR_LABELS: Record<PaymentFor, string> = {
  supplier: 'Supplier',
  tour_manager: 'Tour manager',
  affiliate: 'Affiliate',
};

/** The party list each 'Payment for' picks from, and its payload field. */
const PARTY = {
  supplier: { field: 'supplier_id', label: 'Suppliers', list: 'suppliers' },
  tour_manager: { field: 'tour_manager_id', label: 'Tour managers', list: 'tour_managers' },
  affiliate: { field: 'affiliates_id', label: 'Affiliates', list: 'affiliates' },
} as const;

/**
 * The date pairs each kind of report reads, with what they are of (the server ignores the other
 * kind's pairs): invoices by invoice date, due date and payment date; adverts (Artwork) by placement,
 * expiry, artwork deadline, invoice due and payment date.
 */
const INVOICE_PAIRS: [DatePair, string][] = [
  ['invoiceDeadline', 'Invoice'],
  ['invoiceDue', 'Invoice due'],
  ['payment', 'Payment'],
];
const ADVERT_PAIRS: [DatePair, string][] = [
  ['placementDeadline', 'Placement'],
  ['placementExpiry', 'Expiry'],
  ['invoiceDeadline', 'Artwork deadline'],
  ['invoiceDue', 'Invoice due'],
  ['paymentAdvert', 'Payment'],
];

const noDates = Object.fromEntries(
  PAYMENT_REPORT_DATE_PAIRS.flatMap((p) => [
    [`${p}Start`, null],
    [`${p}End`, null],
  ]),
) as Record<`${DatePair}${'Start' | 'End'}`, null>;

const initialValues = reportValues({
  report_for: 'supplier',
  supplier_id: [],
  tour_manager_id: [],
  affiliates_id: [],
  ...noDates,
});

/**
 * Payment report (spec 3 §7 POST reports/payment-report → Payment-Report.xlsx, or Artwork-Report.xlsx
 * for affiliates): 'Payment for' (changing it clears the supplier, tour manager and affiliate
 * choices and the dates, §4), the parties ('All' picks every one; none: all) and the date pairs of
 * that kind of report (`<pair>Start` / `<pair>End`). Any failure reads 'The given data was
 * invalid.' (§8).
 */
export function PaymentPanel({ name }: { name: string }) {
  const report = useReportForm({
    endpoint: reportsApi.payment,
    schema: paymentReportSchema,
    initialValues,
    invalidDataOnFailure: true,
  });
  const { form } = report;
  const lists = useReportFieldsData();
  const paymentFor = (form.getValues().report_for ?? 'supplier') as PaymentFor;
  const party = PARTY[paymentFor];
  return (
    <ReportPanelForm report={report} name={name}>
      <Select
        label="Payment for"
        allowDeselect={false}
        data={PAYMENT_REPORT_FOR.map((v) => ({ value: v, label: FOR_LABELS[v] }))}
        {...form.getInputProps('report_for')}
        onChange={(v) => {
          form.setValues({
            ...noDates,
            report_for: v ?? 'supplier',
            supplier_id: [],
            tour_manager_id: [],
            affiliates_id: [],
          });
          form.clearErrors();
        }}
        comboboxProps={{ withinPortal: true }}
      />
      <AllMultiSelect
        key={party.field}
        label={party.label}
        placeholder={`All ${party.label.toLowerCase()}`}
        data={namedOptions(lists.data?.[party.list])}
        loading={lists.isPending}
        {...form.getInputProps(party.field)}
      />
      {(paymentFor === 'affiliate' ? ADVERT_PAIRS : INVOICE_PAIRS).map(([pair, label]) => (
        <DateRangeFields key={pair} form={form} from={`${pair}Start`} to={`${pair}End`} label={label} />
      ))}
    </ReportPanelForm>
  );
}
