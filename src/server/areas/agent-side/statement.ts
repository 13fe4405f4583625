import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AgentStatement } from '../../../shared/api/agent-side';
import { agentAccounts, money, sumMoney } from '../../../shared/booking-totals';
import { addDays, addMonths } from '../../../shared/dates';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import { londonZoneSql } from '../../lib/dates';

/**
 * The agency's monthly commission statement (issue #25; spec 1 §9 agent accounts): every booking
 * of the agency (bookings.agent_id) whose departure date falls in the month, cancelled ones
 * included, ordered by departure date then booking ref. Each row's figures come from the one totals
 * rule (`agentAccounts`, shared/booking-totals.ts) applied to the booking's stored columns — so they
 * equal the staff booking screen's agent accounts to the penny:
 *
 * - gross: the total due; a cancelled booking's cancellation value (the charge entered, 0.00 when
 *   waived, or the total due when none was ever set — spec 1 §4);
 * - commission, VAT: the agent accounts of the booking as it stands (on the gross, less
 *   non-commissionable extras, at the booking's commission and VAT percents);
 * - net = gross − commission − VAT; paid: the booking's payments; net balance: the agent balance
 *   (gross − paid − commission − VAT, floored at 0.00).
 *
 * Totals are the sums of the rows (decimal.js).
 */

/** A statement with what the PDF prints besides: the agency's address lines and the month's name. */
export interface StatementDocument extends AgentStatement {
  /** 'November 2026'. */
  month_name: string;
  address: string[];
}

interface StatementBookingRow {
  booking_ref: string;
  client: string | null;
  booked_on: string;
  departure_date: string | null;
  status: string;
  cancelled: boolean;
  cancellation_charge: string | null;
  total_due: string;
  paid: string;
  non_commissionable_extras: string;
  commission_percent: string | null;
  vat_percent: string;
}

interface AgencyRow {
  name: string;
  abta: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  town_city: string | null;
  county: string | null;
  postcode: string | null;
}

/** 'YYYY-MM' → 'November 2026'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The commission statement of agency `agentId` for `month` ('YYYY-MM', already validated by the
 * contract), with the agency's address and the month's name for the PDF. 404 'Agency not found.'
 * when the agency is gone. Money is pounds as decimal text; dates YYYY-MM-DD (booked_on is the
 * London day of the booking's creation).
 */
export async function loadStatement(db: Db, agentId: number, month: string): Promise<StatementDocument> {
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const [agency] = await queryRows<AgencyRow>(
    db,
    sql`select name, abta, address_line_1, address_line_2, town_city, county, postcode
          from agents where id = ${agentId}`,
  );
  if (!agency) throw notFound('Agency not found.');
  const bookings = await queryRows<StatementBookingRow>(
    db,
    sql`select coalesce(b.booking_ref, b.old_booking_id::text, b.id::text) as booking_ref,
               b.departure_date::text as departure_date, b.status,
               to_char(b.created_at at time zone ${londonZoneSql}, 'YYYY-MM-DD') as booked_on,
               b.cancelled_at is not null as cancelled, b.cancellation_charge::text as cancellation_charge,
               b.total_due::text as total_due, b.paid::text as paid,
               b.non_commissionable_extras::text as non_commissionable_extras,
               b.agent_comission_percent::text as commission_percent,
               b.booking_vat_percent::text as vat_percent,
               coalesce(
                 (select nullif(trim(p.first_name || ' ' || p.last_name), '') from passengers p
                   where p.holiday_booking_id = b.id order by p.id limit 1),
                 (select nullif(trim(c.first_name || ' ' || c.last_name), '') from customers c
                   where c.id = b.customer_id)
               ) as client
          from bookings b
         where b.agent_id = ${agentId}
           and b.departure_date between ${first}::date and ${last}::date
         order by b.departure_date, 1, b.id`,
  );
  const rows = bookings.map(statementRow);
  const sum = (key: keyof (typeof rows)[number]) => sumMoney(rows.map((r) => r[key]));
  return {
    month,
    month_name: monthName(month),
    agency: agency.name,
    abta: agency.abta?.trim() || null,
    address: [agency.address_line_1, agency.address_line_2, agency.town_city, agency.county, agency.postcode]
      .map((l) => l?.trim() ?? '')
      .filter(Boolean),
    rows,
    totals: {
      gross: sum('gross'),
      commission: sum('commission'),
      vat: sum('vat'),
      net: sum('net'),
      paid: sum('paid'),
      net_balance: sum('net_balance'),
    },
  };
}

/** One booking's statement row: the agent accounts rule on its stored figures (see the module). */
function statementRow(b: StatementBookingRow): AgentStatement['rows'][number] {
  const gross = b.cancelled && b.cancellation_charge !== null ? b.cancellation_charge : b.total_due;
  const accounts = agentAccounts({
    total_due: gross,
    paid: b.paid,
    non_commissionable_extras: b.non_commissionable_extras,
    commission_percent: b.commission_percent,
    vat_percent: b.vat_percent,
  });
  return {
    booking_ref: b.booking_ref,
    client: b.client,
    booked_on: b.booked_on,
    departure_date: b.departure_date,
    status: b.cancelled ? 'Cancelled' : b.status,
    gross: money(gross),
    commission: accounts.commission,
    vat: accounts.vat,
    net: money(new Decimal(gross).minus(accounts.commission).minus(accounts.vat)),
    paid: money(b.paid),
    net_balance: accounts.agent_balance,
  };
}
