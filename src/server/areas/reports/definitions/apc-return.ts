import { sql } from 'drizzle-orm';
import { type ApcReturnInput, apcPeriod } from '../../../../shared/api/compliance-reports';
import { poundsText } from '../../../../shared/money-text';
import { type Db, queryRows } from '../../../db/client';
import { loadSettingValues } from '../../../documents/letterhead';
import { londonZoneSql } from '../../../lib/dates';
import { filterLines, londonDaysBetween, partyNameSql } from '../filters';
import type { ReportSpec } from '../sheet';

interface ApcRow {
  [k: string]: unknown;
  reference: string;
  version: number;
  booking_ref: string;
  lead_name: string | null;
  issued_on: string;
  passengers_protected: number;
  apc_passengers: number;
  new_passengers: number;
  apc_per_passenger: string;
  apc_due: string;
  licensable_revenue: string;
  revenue_added: string;
}

/**
 * The figures of each certificate issued in London days `from`..`to` (the `c` rows): APC is paid
 * once per passenger booked (shared/apc.ts `apcNewPassengers`, here in SQL for the cursor), so a
 * certificate charges its passengers aged 2+ beyond the most any earlier version of the booking
 * counted, at its own stored rate (the rate in force on its date); its licensable revenue is the
 * booking's total due as it stood at issue (stored; the booking's total due on certificates issued
 * before that was kept), and what it adds is that less the previous version's.
 */
const certificates = (from: string, to: string) => sql`
  select c.id, c.holiday_booking_id, c.reference, c.version, c.issued_at, c.passengers_protected,
         c.apc_passengers, c.apc_per_passenger,
         greatest(c.apc_passengers - coalesce(prev.max_passengers, 0), 0) as new_passengers,
         coalesce(c.licensable_revenue, b.total_due) as revenue,
         coalesce(c.licensable_revenue, b.total_due) - coalesce(prev.revenue, 0) as revenue_added
  from atol_certificates c
  join bookings b on b.id = c.holiday_booking_id
  left join lateral (
    select max(p.apc_passengers) as max_passengers,
           (select coalesce(q.licensable_revenue, b.total_due) from atol_certificates q
            where q.holiday_booking_id = c.holiday_booking_id and q.version < c.version
            order by q.version desc limit 1) as revenue
    from atol_certificates p where p.holiday_booking_id = c.holiday_booking_id and p.version < c.version
  ) prev on true
  where ${londonDaysBetween(sql`c.issued_at`, from, to)}`;

/**
 * ATOL APC return (POST reports/atol-apc-return, ATOL-APC-Return-{period}.xlsx; issue #27; ATOL
 * Regulations 2012, CAA APC guidance): one row per ATOL certificate issued in the month or quarter (London
 * days of issued_at) — reference, version, booking ref, lead name (first passenger, else the
 * customer or agent), issued on, passengers protected, passengers aged 2+, of them new (charged:
 * a re-issue charges only added passengers), APC per passenger (stored: the rate of its date), APC
 * due (new × rate), licensable revenue as the certificate stands and the revenue it adds — with
 * totals. The header block as the CAA return has it (licence holder, ATOL number, period,
 * passengers, total APC, total licensable revenue) is the filters line, from one aggregate over the
 * same rows, so it equals the table's totals to the penny; and again as a second sheet, 'APC return',
 * one line per figure of the return, from the table's own totals.
 */
export async function apcReturnReport(db: Db, input: ApcReturnInput): Promise<ReportSpec<ApcRow>> {
  const period = apcPeriod(input.period);
  const rows = certificates(period.from, period.to);
  const [[totals], settings] = await Promise.all([
    queryRows<{ n: number; passengers: number; apc: string; revenue: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(new_passengers), 0)::int as passengers,
                 coalesce(sum(new_passengers * apc_per_passenger), 0)::numeric(14, 2)::text as apc,
                 coalesce(sum(revenue_added), 0)::numeric(14, 2)::text as revenue
          from (${rows}) x`,
    ),
    loadSettingValues(db, ['company_name', 'atol_number'] as const),
  ]);
  return {
    title: 'ATOL APC Return',
    fileName: `ATOL-APC-Return-${input.period}.xlsx`,
    filters: filterLines(
      `ATOL holder: ${settings.company_name || '(company name not set)'}`,
      `ATOL number: ${settings.atol_number || '(not set)'}`,
      `Period: ${period.label}`,
      `Certificates: ${totals?.n ?? 0}`,
      `Passengers (aged 2+): ${totals?.passengers ?? 0}`,
      `APC due: ${poundsText(totals?.apc ?? '0.00')}`,
      `Licensable revenue: ${poundsText(totals?.revenue ?? '0.00')}`,
    ),
    columns: [
      { key: 'reference', header: 'Certificate', kind: 'text' },
      { key: 'version', header: 'Version', kind: 'int' },
      { key: 'booking_ref', header: 'Booking ref', kind: 'text' },
      { key: 'lead_name', header: 'Lead name', kind: 'text' },
      { key: 'issued_on', header: 'Issued on', kind: 'date' },
      { key: 'passengers_protected', header: 'Passengers protected', kind: 'int', total: true },
      { key: 'apc_passengers', header: 'Passengers aged 2+', kind: 'int' },
      { key: 'new_passengers', header: 'APC passengers (new)', kind: 'int', total: true },
      { key: 'apc_per_passenger', header: 'APC per passenger', kind: 'money' },
      { key: 'apc_due', header: 'APC due', kind: 'money', total: true },
      { key: 'licensable_revenue', header: 'Licensable revenue', kind: 'money' },
      { key: 'revenue_added', header: 'Revenue added', kind: 'money', total: true },
    ],
    count: sql`select count(*)::int as n from (${rows}) x`,
    query: sql`
      select x.reference, x.version::int as version,
             coalesce(b.booking_ref, b.old_booking_id::text, '#' || b.id) as booking_ref,
             coalesce((select btrim(concat_ws(' ', p.title, p.first_name, p.last_name)) from passengers p
                       where p.holiday_booking_id = b.id order by p.id limit 1),
                      nullif(${partyNameSql('ag', 'cu')}, ''), b.old_lead_passenger) as lead_name,
             (x.issued_at at time zone ${londonZoneSql})::date::text as issued_on,
             x.passengers_protected::int as passengers_protected, x.apc_passengers::int as apc_passengers,
             x.new_passengers::int as new_passengers, x.apc_per_passenger::text as apc_per_passenger,
             (x.new_passengers * x.apc_per_passenger)::numeric(12, 2)::text as apc_due,
             x.revenue::numeric(12, 2)::text as licensable_revenue,
             x.revenue_added::numeric(12, 2)::text as revenue_added
      from (${rows}) x
      join bookings b on b.id = x.holiday_booking_id
      left join customers cu on cu.id = b.customer_id
      left join agents ag on ag.id = b.agent_id
      order by x.issued_at, x.id`,
    finalSheet: (t) => ({
      title: 'APC return',
      lines: [
        [`ATOL holder: ${settings.company_name || '(company name not set)'}`, null],
        [`ATOL number: ${settings.atol_number || '(not set)'}`, null],
        [`Period: ${period.label}`, null],
        [`ATOL certificates issued: ${totals?.n ?? 0}`, null],
        [`Passengers aged 2 or over charged APC: ${Number(t.get('new_passengers') ?? 0)}`, null],
        ['ATOL Protection Contribution due', t.get('apc_due') ?? '0.00'],
        ['Licensable revenue', t.get('revenue_added') ?? '0.00'],
      ],
    }),
    emptyText: 'No ATOL certificate was issued in this period.',
  };
}
