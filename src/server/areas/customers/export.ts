import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { likeEscape } from '../../http/datatables';
import { londonZoneSql } from '../../lib/dates';
import { csvSafeCast } from '../../lib/spreadsheet-safe';
import { type CustomerFilters, customerFilterConditions, customerSearchable } from './service';

/** Rows fetched per query while streaming; keyset pages on (created_at, id), newest first. */
const BATCH = 1000;

interface ExportRow {
  id: number;
  title: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  street_address: string | null;
  address_line_2: string | null;
  address_line_3: string | null;
  address_line_4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  country: string | null;
  affiliate: string | null;
  opt_out_email: boolean;
  opt_out_mailing: boolean;
  is_blacklisted: boolean;
  created_date: string;
  created_key: string;
}

const COLUMNS: { key: keyof ExportRow; header: string }[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'first_name', header: 'First name' },
  { key: 'last_name', header: 'Last name' },
  { key: 'email', header: 'Email' },
  { key: 'phone_number', header: 'Phone' },
  { key: 'mobile_number', header: 'Mobile' },
  { key: 'street_address', header: 'Street address' },
  { key: 'address_line_2', header: 'Address line 2' },
  { key: 'address_line_3', header: 'Address line 3' },
  { key: 'address_line_4', header: 'Address line 4' },
  { key: 'town', header: 'Town' },
  { key: 'county', header: 'County' },
  { key: 'postcode', header: 'Post code' },
  { key: 'country', header: 'Country' },
  { key: 'affiliate', header: 'Affiliate' },
  { key: 'opt_out_email', header: 'Opt out email' },
  { key: 'opt_out_mailing', header: 'Opt out mailing' },
  { key: 'is_blacklisted', header: 'Blacklisted' },
  { key: 'created_date', header: 'Created' },
];

async function* exportRows(db: Db, where: SQL[]): AsyncGenerator<ExportRow> {
  let after: { key: string; id: number } | null = null;
  for (;;) {
    // The filters name customers' columns unqualified, so they apply inside the sub-select.
    const filters = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const keyset = after ? sql`where (c.created_at, c.id) < (${after.key}::timestamptz, ${after.id})` : sql``;
    const rows: ExportRow[] = await queryRows<ExportRow>(
      db,
      sql`select c.id, c.title, c.first_name, c.last_name, c.email, c.phone_number, c.mobile_number,
                 c.street_address, c.address_line_2, c.address_line_3, c.address_line_4, c.town, c.county,
                 c.postcode, co.name as country, a.name as affiliate, c.opt_out_email, c.opt_out_mailing,
                 c.is_blacklisted,
                 to_char(c.created_at at time zone ${londonZoneSql}, 'DD/MM/YYYY') as created_date,
                 to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
          from (select * from customers ${filters}) c
          left join countries co on co.id = c.country_id
          left join affiliates a on a.id = c.affiliate_id
          ${keyset}
          order by c.created_at desc, c.id desc
          limit ${BATCH}`,
    );
    for (const r of rows) yield r;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { key: last.created_key, id: last.id };
  }
}

/**
 * The customers list as CSV (spec 2 §2 'a CSV export button'): the same filters as the list
 * (pincode_search, open_search and the quick search), newest first, streamed in batches so a large
 * list never sits in memory. Flags read Yes/No, the created date DD/MM/YYYY; text that a
 * spreadsheet would read as a formula is neutralised (lib/spreadsheet-safe.ts).
 */
export function exportCustomersCsv(db: Db, req: CustomerFilters & { search?: string }): Readable {
  const where = customerFilterConditions(req);
  const search = req.search?.trim();
  if (search) {
    const pattern = `%${likeEscape(search)}%`;
    where.push(
      sql`(${sql.join(
        customerSearchable.map((e) => sql`${e} ilike ${pattern}`),
        sql` or `,
      )})`,
    );
  }
  const csv = stringify({
    header: true,
    columns: COLUMNS.map((c) => ({ key: c.key, header: c.header })),
    cast: {
      boolean: (v) => (v ? 'Yes' : 'No'),
      ...csvSafeCast,
    },
  });
  const source = Readable.from(exportRows(db, where));
  source.on('error', (e) => csv.destroy(e));
  return source.pipe(csv);
}
