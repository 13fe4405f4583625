import { sql } from 'drizzle-orm';
import type { TomsWorkingReportInput } from '../../../../shared/api/toms';
import { ukDate } from '../../../../shared/dates';
import { periodVat, vatQuarter } from '../../../../shared/toms';
import type { Db } from '../../../db/client';
import { loadTomsSettings, type TomsBookingInput, tomsBookingColumns, tomsFiguresFrom } from '../../toms';
import { dateBetween, filterLines } from '../filters';
import type { ReportSpec } from '../sheet';

interface TomsRow extends TomsBookingInput {
  [k: string]: unknown;
  booking_ref: string;
  departure: string;
  lead_name: string;
  status: string;
  treatment: string;
  selling_price: string | null;
  bought_in_uk: string | null;
  bought_in_non_uk: string | null;
  in_house: string | null;
  margin_uk: string | null;
  margin_non_uk: string | null;
  vat_due: string | null;
}

export const STANDARD_RATED = 'Standard-rated (UK)';
export const ZERO_RATED = 'Zero-rated (outside the UK)';

/**
 * TOMS working (issue #27; HMRC VAT Notice 709/5) for the VAT quarter starting in `quarter`
 * ('YYYY-MM', three months): one row per booking whose departure (`bookings.departure_date`, its
 * earliest tour line's — the notice lets a tour operator account on the date of departure) falls
 * in the quarter, cancelled ones included ('Cancelled'; their selling price is the charge kept).
 * Columns: booking ref, departure, lead name (first passenger, else the customer, else the old
 * system's lead), status, VAT treatment, selling price, bought-in costs UK / outside the UK,
 * in-house excluded, margin UK / outside the UK, VAT due — each booking's figures from
 * `tomsFiguresFrom` (the booking screen's own, a batch at a time in `mapBatch`, on the booking
 * columns the cursor read with the rows, `tomsBookingColumns`), so the totals row
 * equals the sum of the per-booking answers to the penny. Totals per treatment below the table,
 * and a 'Summary' sheet to file from: the quarter's totals, the standard-rated and zero-rated
 * margins, and the VAT due on the standard-rated margin with losses offset within the quarter
 * (`periodVat`, never below 0.00). Read by the departure index (bookings_departure_idx).
 */
export async function tomsWorkingReport(db: Db, input: TomsWorkingReportInput): Promise<ReportSpec<TomsRow>> {
  const { from, to } = vatQuarter(input.quarter);
  const settings = await loadTomsSettings(db);
  const where = dateBetween(sql`b.departure_date`, from, to) ?? sql`false`;
  return {
    title: 'TOMS Working',
    fileName: `TOMS-Working-${input.quarter}.xlsx`,
    filters: filterLines(
      `VAT quarter: ${ukDate(from)} to ${ukDate(to)} (by departure date)`,
      `Standard rate: ${settings.rate}%`,
      `Tour managers: ${settings.tourManagersInHouse ? 'in-house' : 'bought in'}`,
    ),
    columns: [
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'departure', header: 'Departure', kind: 'date' },
      { key: 'lead_name', header: 'Lead name', kind: 'text' },
      { key: 'status', header: 'Status', kind: 'text' },
      { key: 'treatment', header: 'VAT treatment', kind: 'text' },
      { key: 'selling_price', header: 'Selling price', kind: 'money', total: true },
      { key: 'bought_in_uk', header: 'Bought-in costs UK', kind: 'money', total: true },
      { key: 'bought_in_non_uk', header: 'Bought-in costs non-UK', kind: 'money', total: true },
      { key: 'in_house', header: 'In-house excluded', kind: 'money', total: true },
      { key: 'margin_uk', header: 'Margin UK', kind: 'money', total: true },
      { key: 'margin_non_uk', header: 'Margin non-UK', kind: 'money', total: true },
      { key: 'vat_due', header: 'VAT due', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from bookings b where ${where}`,
    query: sql`
      select b.id, ${tomsBookingColumns}, coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             b.departure_date::text as departure,
             coalesce((select nullif(btrim(p.first_name || ' ' || p.last_name), '') from passengers p
                       where p.holiday_booking_id = b.id order by p.id limit 1),
                      nullif(btrim(c.first_name || ' ' || c.last_name), ''), b.old_lead_passenger, '') as lead_name,
             case when b.cancelled_at is not null then 'Cancelled' else b.status end as status
      from bookings b left join customers c on c.id = b.customer_id
      where ${where}
      order by b.departure_date, b.id`,
    mapBatch: async (rows) => {
      // The batch's bookings were read with its rows (tomsBookingColumns): only their departures' costs are asked.
      const figures = await tomsFiguresFrom(db, rows, settings);
      return rows.map((r) => {
        const f = figures.get(r.id);
        if (!f) return r;
        return {
          ...r,
          treatment: f.outside_uk ? ZERO_RATED : STANDARD_RATED,
          selling_price: f.selling_price,
          bought_in_uk: f.bought_in_uk,
          bought_in_non_uk: f.bought_in_non_uk,
          in_house: f.in_house,
          margin_uk: f.margin_uk,
          margin_non_uk: f.margin_non_uk,
          vat_due: f.vat_due,
        };
      });
    },
    summaries: [{ title: 'Totals per VAT treatment', key: (r) => r.treatment }],
    finalSheet: (t) => {
      const v = (k: string) => t.get(k) ?? '0.00';
      return {
        title: 'Summary',
        lines: [
          [`VAT quarter ${ukDate(from)} to ${ukDate(to)}, by departure date (Notice 709/5)`, null],
          [
            `Standard rate of VAT: ${settings.rate}% (VAT fraction ${settings.rate}/${100 + Number(settings.rate)})`,
            null,
          ],
          ['Selling prices of the bookings', v('selling_price')],
          ['In-house supplies excluded (taxed under the normal rules)', v('in_house')],
          ['Bought-in costs, travel in the UK', v('bought_in_uk')],
          ['Bought-in costs, travel outside the UK', v('bought_in_non_uk')],
          ['Total margin standard-rated (UK, VAT-inclusive)', v('margin_uk')],
          ['Total margin zero-rated (outside the UK)', v('margin_non_uk')],
          [
            'VAT due on the standard-rated margin (losses offset within the quarter)',
            periodVat(v('margin_uk'), settings.rate),
          ],
          ['VAT of the bookings with a positive margin (no offset; the VAT due column)', v('vat_due')],
        ],
      };
    },
    emptyText: 'No bookings depart in this quarter.',
  };
}
