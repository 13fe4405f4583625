import { type SQL, sql } from 'drizzle-orm';
import { advertBilled, advertDue } from '../../../../shared/advert-money';
import type { PaymentReportInput } from '../../../../shared/api/reports';
import { convertedToSterling, invoiceOutstanding } from '../../../../shared/money-owed';
import type { Db } from '../../../db/client';
import { allOf, dateBetween, filterLines, inIds, namesOf, namesText, rangeText, yesNo } from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface InvoiceRow {
  [k: string]: unknown;
  party_id: number;
  party: string;
  invoice_number: string;
  invoice_date: string;
  due_date: string;
  currency: string;
  amount: string;
  rate: string;
  converted: string;
  paid: string;
  paid_gbp: string;
  outstanding: string;
  outstanding_gbp: string;
  payments: number;
  last_payment: string | null;
}

interface AdvertRow {
  [k: string]: unknown;
  affiliate_id: number;
  affiliate: string;
  size: string;
  placement: string;
  expiry: string;
  artwork_deadline: string | null;
  tours: string | null;
  invoice_number: string | null;
  invoice_due: string | null;
  cost: string | null;
  invoice_amount: string | null;
  billed: string;
  paid: string | null;
  outstanding: string;
  payment_date: string | null;
  paid_flag: string;
  created_flag: string;
  sent_flag: string;
}

/** 'Invoice date: …' etc.: the pairs the chosen 'Payment for' reads, as the filters line shows them. */
const pairText = (label: string, input: PaymentReportInput, pair: string) => {
  const v = input as unknown as Record<string, string | undefined>;
  return rangeText(label, v[`${pair}Start`], v[`${pair}End`]);
};

/**
 * Payment report (spec 3 §7 POST reports/payment-report; §4 'Payment report'; issue #15).
 *
 * report_for supplier / tour_manager → Payment-Report.xlsx: one row per invoice of the chosen
 * parties (`supplier_id` / `tour_manager_id`; an empty list = every supplier / tour manager) from
 * `party_invoices` (docs/money.md 'Money owed'): party, invoice number, invoice date, due date,
 * currency, amount and exchange rate (per £1: '£1 = €1.17'), converted £ (amount ÷ rate,
 * `convertedToSterling`), paid and outstanding in the invoice's currency (`invoiceOutstanding`) and
 * in pounds, the number of recorded payments and the last payment's date. Date pairs: invoiceDeadline
 * → invoice date, invoiceDue → due date, payment → invoices with a payment dated in the range.
 * Ordered by party, invoice date, number; a subtotal per party and a grand total of the £ columns
 * and the payments (amounts in mixed currencies are not summed).
 *
 * report_for affiliate → Artwork-Report.xlsx: one row per advertisement of the chosen affiliates
 * (`affiliates_id`; empty = all): affiliate, size, placement, expiry, artwork deadline, the tours of
 * its products, invoice number and due date, cost, billed (invoice amount, else cost —
 * `advertBilled`), paid, outstanding (`advertDue`), payment date, and the paid / created / sent
 * flags. Date pairs: placementDeadline → placement date, placementExpiry → expiry date,
 * paymentAdvert → payment date, invoiceDeadline → the artwork deadline
 * (`submission_deadline_date`), invoiceDue → the advert's invoice due date. Ordered by affiliate,
 * placement date; a subtotal per affiliate and a grand total of the money columns. All pounds.
 *
 * Pairs that belong to the other kind of report are ignored. `db` reads the chosen parties' names
 * for the filters line. The route picks `invoicePaymentReport` or `artworkReport` by report_for.
 */

/** The suppliers' or tour managers' invoices (Payment-Report.xlsx): see above. */
export async function invoicePaymentReport(
  db: Db,
  input: PaymentReportInput,
): Promise<ReportSpec<InvoiceRow>> {
  const supplier = input.report_for === 'supplier';
  const ids = supplier ? input.supplier_id : input.tour_manager_id;
  const partyColumn = supplier ? sql`i.supplier_id` : sql`i.tour_manager_id`;
  const partyName: SQL = supplier
    ? sql`s.supplier_name`
    : sql`trim(coalesce(tm.firstname, '') || ' ' || coalesce(tm.lastname, ''))`;
  const where = allOf(
    sql`i.invoice_for = ${input.report_for}`,
    inIds(partyColumn, ids),
    dateBetween(sql`i.invoice_date`, input.invoiceDeadlineStart, input.invoiceDeadlineEnd),
    dateBetween(sql`i.invoice_due_date`, input.invoiceDueStart, input.invoiceDueEnd),
    input.paymentStart || input.paymentEnd
      ? sql`exists (select 1 from invoice_payments x where x.invoice_id = i.id and ${dateBetween(
          sql`x.payment_date`,
          input.paymentStart,
          input.paymentEnd,
        )})`
      : null,
  );
  const names = await namesOf(db, supplier ? 'suppliers' : 'tour_managers', ids);
  const who = supplier ? 'Supplier' : 'Tour manager';
  return {
    title: 'Payment Report',
    fileName: 'Payment-Report.xlsx',
    filters: filterLines(
      `Payment for: ${supplier ? 'Suppliers' : 'Tour managers'}`,
      `${supplier ? 'Suppliers' : 'Tour managers'}: ${namesText(names)}`,
      pairText('Invoice date', input, 'invoiceDeadline'),
      pairText('Due date', input, 'invoiceDue'),
      pairText('Paid', input, 'payment'),
    ),
    columns: [
      { key: 'party', header: who, kind: 'text' },
      { key: 'invoice_number', header: 'Invoice number', kind: 'text' },
      { key: 'invoice_date', header: 'Invoice date', kind: 'date' },
      { key: 'due_date', header: 'Due date', kind: 'date' },
      { key: 'currency', header: 'Currency', kind: 'text' },
      { key: 'amount', header: 'Amount', kind: 'decimal' },
      { key: 'rate', header: 'Exchange rate (per £1)', kind: 'decimal', numFmt: '0.00####' },
      { key: 'converted', header: 'Converted £', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'decimal' },
      { key: 'outstanding', header: 'Outstanding', kind: 'decimal' },
      { key: 'paid_gbp', header: 'Paid £', kind: 'money', total: true },
      { key: 'outstanding_gbp', header: 'Outstanding £', kind: 'money', total: true },
      { key: 'payments', header: 'Payments', kind: 'int', total: true },
      { key: 'last_payment', header: 'Last payment', kind: 'date' },
    ],
    count: sql`select count(*)::int as n from party_invoices i where ${where}`,
    query: sql`
      select ${partyColumn} as party_id, ${partyName} as party, i.invoice_number,
             i.invoice_date::text as invoice_date, i.invoice_due_date::text as due_date,
             i.currency_type as currency, i.invoice_amount::text as amount,
             i.currency_exchange_rate::text as rate, i.total_paid::text as paid,
             p.payments, p.last_payment
      from party_invoices i
      ${supplier ? sql`join suppliers s on s.id = i.supplier_id` : sql`join tour_managers tm on tm.id = i.tour_manager_id`}
      cross join lateral (
        select count(*)::int as payments, max(x.payment_date)::text as last_payment
        from invoice_payments x where x.invoice_id = i.id) p
      where ${where}
      order by lower(${partyName}), ${partyColumn}, i.invoice_date, i.invoice_number, i.id`,
    map: (raw: ReportRow) => {
      const r = raw as InvoiceRow;
      const outstanding = invoiceOutstanding(r.amount, r.paid);
      return {
        ...r,
        converted: convertedToSterling(r.amount, r.rate),
        paid_gbp: convertedToSterling(r.paid, r.rate),
        outstanding,
        outstanding_gbp: convertedToSterling(outstanding, r.rate),
      };
    },
    groupBy: { key: (r) => String(r.party_id), label: (r) => r.party },
    emptyText: 'No invoices match these filters.',
  };
}

/** The affiliates' advertisements (Artwork-Report.xlsx): see above. */
export async function artworkReport(db: Db, input: PaymentReportInput): Promise<ReportSpec<AdvertRow>> {
  const ids = input.affiliates_id;
  const where = allOf(
    inIds(sql`a.affiliate_id`, ids),
    dateBetween(sql`a.placemenet_date`, input.placementDeadlineStart, input.placementDeadlineEnd),
    dateBetween(sql`a.expiry_date`, input.placementExpiryStart, input.placementExpiryEnd),
    dateBetween(sql`a.payment_date`, input.paymentAdvertStart, input.paymentAdvertEnd),
    dateBetween(sql`a.submission_deadline_date`, input.invoiceDeadlineStart, input.invoiceDeadlineEnd),
    dateBetween(sql`a.invoice_due_date`, input.invoiceDueStart, input.invoiceDueEnd),
  );
  const names = await namesOf(db, 'affiliates', ids);
  return {
    title: 'Artwork Report',
    fileName: 'Artwork-Report.xlsx',
    filters: filterLines(
      'Payment for: Affiliates',
      `Affiliates: ${namesText(names)}`,
      pairText('Placement', input, 'placementDeadline'),
      pairText('Expiry', input, 'placementExpiry'),
      pairText('Artwork deadline', input, 'invoiceDeadline'),
      pairText('Invoice due', input, 'invoiceDue'),
      pairText('Paid', input, 'paymentAdvert'),
    ),
    columns: [
      { key: 'affiliate', header: 'Affiliate', kind: 'text' },
      { key: 'size', header: 'Size', kind: 'text' },
      { key: 'placement', header: 'Placement', kind: 'date' },
      { key: 'expiry', header: 'Expiry', kind: 'date' },
      { key: 'artwork_deadline', header: 'Artwork deadline', kind: 'date' },
      { key: 'tours', header: 'Tours', kind: 'text' },
      { key: 'invoice_number', header: 'Invoice number', kind: 'text' },
      { key: 'invoice_due', header: 'Invoice due', kind: 'date' },
      { key: 'cost', header: 'Cost', kind: 'money', total: true },
      { key: 'billed', header: 'Invoiced', kind: 'money', total: true },
      { key: 'paid', header: 'Paid', kind: 'money', total: true },
      { key: 'outstanding', header: 'Outstanding', kind: 'money', total: true },
      { key: 'payment_date', header: 'Paid on', kind: 'date' },
      { key: 'paid_flag', header: 'Paid?', kind: 'text' },
      { key: 'created_flag', header: 'Created?', kind: 'text' },
      { key: 'sent_flag', header: 'Sent?', kind: 'text' },
    ],
    count: sql`select count(*)::int as n from advertisements a where ${where}`,
    query: sql`
      select a.affiliate_id, af.name as affiliate, sz.size_name as size,
             a.placemenet_date::text as placement, a.expiry_date::text as expiry,
             a.submission_deadline_date::text as artwork_deadline,
             (select string_agg(distinct t.name, ', ' order by t.name)
                from advertisement_products p join tours t on t.id = p.tour_id
                where p.advertisement_id = a.id) as tours,
             a.invoice_number, a.invoice_due_date::text as invoice_due,
             a.total_cost::text as cost, a.invoice_amount::text as invoice_amount,
             a.payment_amount::text as paid, a.payment_date::text as payment_date,
             a.paid_status, a.is_graphic_created, a.is_sent
      from advertisements a
      join affiliates af on af.id = a.affiliate_id
      join advertise_sizes sz on sz.id = a.size_id
      where ${where}
      order by lower(af.name), a.affiliate_id, a.placemenet_date, a.id`,
    map: (raw: ReportRow) => {
      const r = raw as AdvertRow & { paid_status: boolean; is_graphic_created: boolean; is_sent: boolean };
      return {
        affiliate_id: r.affiliate_id,
        affiliate: r.affiliate,
        size: r.size,
        placement: r.placement,
        expiry: r.expiry,
        artwork_deadline: r.artwork_deadline,
        tours: r.tours,
        invoice_number: r.invoice_number,
        invoice_due: r.invoice_due,
        cost: r.cost,
        invoice_amount: r.invoice_amount,
        billed: advertBilled(r.invoice_amount, r.cost),
        paid: r.paid,
        outstanding: advertDue(r.invoice_amount, r.cost, r.paid),
        payment_date: r.payment_date,
        paid_flag: yesNo(r.paid_status),
        created_flag: yesNo(r.is_graphic_created),
        sent_flag: yesNo(r.is_sent),
      };
    },
    groupBy: { key: (r) => String(r.affiliate_id), label: (r) => r.affiliate },
    emptyText: 'No advertisements match these filters.',
  };
}
