import { type SQL, sql } from 'drizzle-orm';
import type { CustomerReportInput } from '../../../../shared/api/reports';
import { londonZoneSql } from '../../../lib/dates';
import { allOf, filterLines, londonDaysBetween, rangeText } from '../filters';
import type { ReportRow, ReportSpec } from '../sheet';

interface CustomerRow {
  [k: string]: unknown;
  name: string;
  street_address: string | null;
  address_line_2: string | null;
  address_line_3: string | null;
  address_line_4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country: string | null;
  email: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  created_on: string;
  opt_out_email: boolean | string;
  opt_out_mailing: boolean | string;
  is_blacklisted: boolean | string;
  bookings: number;
  last_booking: string | null;
  brochure_requests: number;
  last_brochure_request: string | null;
}

/** include → no condition; exclude → the flag off; only → the flag on (spec 3 §3 choices). */
function choice(flag: SQL, v: string): SQL | null {
  if (v.startsWith('exclude')) return sql`not ${flag}`;
  if (v.startsWith('only')) return sql`${flag}`;
  return null;
}

const CHOICE_TEXT: Record<string, string> = {
  include_opt_out: 'included',
  exclude_opt_out: 'excluded',
  only_opt_out: 'only',
  include_blacklisted: 'included',
  exclude_blacklisted: 'excluded',
  only_blacklisted: 'only',
};

const yes = (v: unknown) => (v === true || v === 't' || v === 'true' ? 'Yes' : 'No');

/**
 * Customer detail (spec 3 §7 POST reports/customer-detail-report → Customer-Report.xlsx; issue
 * #15): one row per customer created (customers.created_at) in the London days
 * customer_creation_from..to. Filters (spec 3 §3 vocabulary, §9 defaults exclude opt-outs and the
 * blacklisted): opt_out_emails_customer / opt_out_mailing_customer / blacklisted_mailing_customer
 * include, exclude or only those flagged; report_with 'brochure_requests' keeps customers with a
 * brochure request, 'without_brochure_requests' those with none, 'both' everyone — requests
 * counted in the London days customer_brochure_from..to when either is given, else all of them
 * (the brochure columns count the same requests). Columns: name (title first last), the address in
 * its parts (street, lines 2–4, town, county, postcode, country), email, phone, mobile, created,
 * the opt-outs and blacklist (Yes/No), bookings (all, cancelled included) and the last booking
 * date, brochure requests and the last request date. Ordered by last name, first name, id.
 * Bookings and requests are counted per customer through lateral joins on their customer indexes.
 */
export function customerReport(input: CustomerReportInput): ReportSpec<CustomerRow> {
  const brochureRange = londonDaysBetween(
    sql`br.created_at`,
    input.customer_brochure_from,
    input.customer_brochure_to,
  );
  const where = allOf(
    londonDaysBetween(sql`c.created_at`, input.customer_creation_from, input.customer_creation_to),
    choice(sql`c.opt_out_email`, input.opt_out_emails_customer),
    choice(sql`c.opt_out_mailing`, input.opt_out_mailing_customer),
    choice(sql`c.is_blacklisted`, input.blacklisted_mailing_customer),
    input.report_with === 'brochure_requests' ? sql`rq.n > 0` : null,
    input.report_with === 'without_brochure_requests' ? sql`rq.n = 0` : null,
  );
  const requests = sql`cross join lateral (
      select count(*)::int as n, max(br.created_at) as last_at
      from brochure_requests br
      where br.customer_id = c.id and ${allOf(brochureRange)}
    ) rq`;
  const needsRequests = input.report_with !== 'both';
  const brochureLine = rangeText(
    'Brochure requests',
    input.customer_brochure_from,
    input.customer_brochure_to,
  );
  return {
    title: 'Customer Report',
    fileName: 'Customer-Report.xlsx',
    filters: filterLines(
      rangeText('Created', input.customer_creation_from, input.customer_creation_to),
      `Email opt-outs: ${CHOICE_TEXT[input.opt_out_emails_customer]}`,
      `Mailing opt-outs: ${CHOICE_TEXT[input.opt_out_mailing_customer]}`,
      `Blacklisted: ${CHOICE_TEXT[input.blacklisted_mailing_customer]}`,
      input.report_with === 'brochure_requests'
        ? 'With brochure requests'
        : input.report_with === 'without_brochure_requests'
          ? 'Without brochure requests'
          : null,
      brochureLine,
    ),
    columns: [
      { key: 'name', header: 'Name', kind: 'text' },
      { key: 'street_address', header: 'Street address', kind: 'text' },
      { key: 'address_line_2', header: 'Address line 2', kind: 'text' },
      { key: 'address_line_3', header: 'Address line 3', kind: 'text' },
      { key: 'address_line_4', header: 'Address line 4', kind: 'text' },
      { key: 'town', header: 'Town', kind: 'text' },
      { key: 'county', header: 'County', kind: 'text' },
      { key: 'postcode', header: 'Postcode', kind: 'text' },
      { key: 'country', header: 'Country', kind: 'text' },
      { key: 'email', header: 'Email', kind: 'text' },
      { key: 'phone_number', header: 'Phone', kind: 'text' },
      { key: 'mobile_number', header: 'Mobile', kind: 'text' },
      { key: 'created_on', header: 'Created', kind: 'date' },
      { key: 'opt_out_email', header: 'Opt-out email', kind: 'text' },
      { key: 'opt_out_mailing', header: 'Opt-out mailing', kind: 'text' },
      { key: 'is_blacklisted', header: 'Blacklisted', kind: 'text' },
      { key: 'bookings', header: 'Bookings', kind: 'int', total: true },
      { key: 'last_booking', header: 'Last booking', kind: 'date' },
      { key: 'brochure_requests', header: 'Brochure requests', kind: 'int', total: true },
      { key: 'last_brochure_request', header: 'Last brochure request', kind: 'date' },
    ],
    count: sql`select count(*)::int as n from customers c ${needsRequests ? requests : sql``} where ${where}`,
    query: sql`
      select trim(coalesce(c.title || ' ', '') || c.first_name || ' ' || c.last_name) as name,
             c.street_address, c.address_line_2, c.address_line_3, c.address_line_4,
             c.town, c.county, c.postcode, co.name as country,
             c.email, c.phone_number, c.mobile_number,
             (c.created_at at time zone ${londonZoneSql})::date::text as created_on,
             c.opt_out_email, c.opt_out_mailing, c.is_blacklisted,
             bk.n as bookings,
             (bk.last_at at time zone ${londonZoneSql})::date::text as last_booking,
             rq.n as brochure_requests,
             (rq.last_at at time zone ${londonZoneSql})::date::text as last_brochure_request
      from customers c
      left join countries co on co.id = c.country_id
      ${requests}
      cross join lateral (
        select count(*)::int as n, max(b.created_at) as last_at
        from bookings b where b.customer_id = c.id
      ) bk
      where ${where}
      order by c.last_name, c.first_name, c.id`,
    map: (row: ReportRow) => {
      const r = row as CustomerRow;
      return {
        ...r,
        opt_out_email: yes(r.opt_out_email),
        opt_out_mailing: yes(r.opt_out_mailing),
        is_blacklisted: yes(r.is_blacklisted),
      };
    },
    emptyText: 'No customers match these filters.',
  };
}
