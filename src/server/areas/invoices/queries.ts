import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import {
  INVOICE_MESSAGES,
  type InvoiceFor,
  type InvoiceRow,
  type LinkedGroup,
  type PartyInvoiceBrief,
  type RecordedPayment,
} from '../../../shared/api/invoices';
import { convertedToSterling, invoiceOutstanding, leftToLink } from '../../../shared/money-owed';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, resolveTablePage, tablePageAnswer } from '../../http/datatables';
import { notFound } from '../../http/errors';

/**
 * Reading party invoices (spec 2 §2 'Invoices section', §3 Invoice): the table, one invoice with
 * its figures, recorded payments, the invoices offered to a group payment, and the brief list of
 * GET suppliers/{id} (tour managers, affiliates) payment_invoices. Figures come from the shared
 * formulas (src/shared/money-owed.ts).
 */

/** The party column of `invoice_for` (never user text: a fixed identifier). */
export const partyColumn = (f: InvoiceFor): SQL =>
  f === 'supplier'
    ? sql.raw('supplier_id')
    : f === 'tour_manager'
      ? sql.raw('tour_manager_id')
      : sql.raw('affiliate_id');

const PARTY_TABLE: Record<InvoiceFor, { table: string; missing: string }> = {
  supplier: { table: 'suppliers', missing: 'Supplier not found.' },
  tour_manager: { table: 'tour_managers', missing: 'Tour manager not found.' },
  affiliate: { table: 'affiliates', missing: 'Affiliate not found.' },
};

/** 404 naming the party when supplier / tour manager / affiliate `id` does not exist. */
export async function assertParty(db: Db, f: InvoiceFor, id: number): Promise<void> {
  const [row] = await queryRows(db, sql`select 1 from ${sql.raw(PARTY_TABLE[f].table)} where id = ${id}`);
  if (!row) throw notFound(PARTY_TABLE[f].missing);
}

/** A stored invoice as the services read it. */
export interface StoredInvoice {
  id: number;
  invoice_for: InvoiceFor;
  supplier_id: number | null;
  tour_manager_id: number | null;
  affiliate_id: number | null;
  invoice_number: string;
  currency_type: 'USD' | 'Sterling' | 'EUR';
  currency_exchange_rate: string;
  invoice_amount: string;
  invoice_date: string;
  invoice_due_date: string;
  payment_invoice_file_key: string | null;
  payment_invoice_name: string | null;
  total_paid: string;
  total_linked: string;
}

const invoiceColumns = sql`i.id, i.invoice_for, i.supplier_id, i.tour_manager_id, i.affiliate_id, i.invoice_number,
  i.currency_type, i.currency_exchange_rate::text as currency_exchange_rate, i.invoice_amount::text as invoice_amount,
  i.invoice_date::text as invoice_date, i.invoice_due_date::text as invoice_due_date, i.payment_invoice_file_key,
  i.payment_invoice_name, i.total_paid::text as total_paid, i.total_linked::text as total_linked`;

/**
 * Invoice `id` of party (`f`, `partyId`), optionally locked `for update` (the payment and link
 * rules run under that lock); 404 'Invoice not found.' when there is none for that party.
 */
export async function findInvoice(
  db: Db,
  id: number,
  party?: { f: InvoiceFor; id: number },
  lock = false,
): Promise<StoredInvoice> {
  const [row] = await queryRows<StoredInvoice>(
    db,
    sql`select ${invoiceColumns} from party_invoices i where i.id = ${id}
        ${party ? sql`and i.invoice_for = ${party.f} and i.${partyColumn(party.f)} = ${party.id}` : sql``}
        ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return row;
}

/** A rate as shown: trailing zeros trimmed ('1.162800' → '1.1628', '1.000000' → '1'). */
export const rateText = (rate: string) => new Decimal(rate).toFixed();

const partyIdOf = (i: StoredInvoice) => (i.supplier_id ?? i.tour_manager_id ?? i.affiliate_id) as number;

/** The table row of a stored invoice and its linked groups: the shared formulas' figures. */
export function invoiceRow(i: StoredInvoice, linked: LinkedGroup[]): InvoiceRow {
  const left = leftToLink(i.invoice_amount, [i.total_linked]);
  const use = new Decimal(i.total_linked).isZero()
    ? 'Not linked'
    : new Decimal(left).isZero()
      ? 'Fully linked'
      : 'Part linked';
  return {
    id: i.id,
    invoice_for: i.invoice_for,
    party_id: partyIdOf(i),
    invoice_number: i.invoice_number,
    currency_type: i.currency_type,
    currency_exchange_rate: rateText(i.currency_exchange_rate),
    invoice_amount: i.invoice_amount,
    converted_amount: convertedToSterling(i.invoice_amount, i.currency_exchange_rate),
    payment_invoice_name: i.payment_invoice_file_key ? (i.payment_invoice_name ?? 'Invoice.pdf') : null,
    invoice_date: i.invoice_date,
    invoice_due_date: i.invoice_due_date,
    invoice_use: use,
    total_paid: new Decimal(i.total_paid).toFixed(2),
    outstanding: invoiceOutstanding(i.invoice_amount, i.total_paid),
    total_linked: new Decimal(i.total_linked).toFixed(2),
    left_to_link: left,
    internal_payments: linked,
  };
}

/** The tour groups each of `invoiceIds` is linked to (their internal payments), by invoice id. */
export async function linkedGroupsOf(db: Db, invoiceIds: number[]): Promise<Map<number, LinkedGroup[]>> {
  const out = new Map<number, LinkedGroup[]>();
  if (invoiceIds.length === 0) return out;
  const rows = await queryRows<LinkedGroup & { invoice_id: number }>(
    db,
    sql`select p.supplier_invoice_id as invoice_id, p.id as tour_group_payment_id, p.tour_group_id,
          t.name as tour_ref_name, g.start_date::text as start_date, p.invoice_asigned_amount::text as invoice_amount,
          s.service_name, p.estimated_cost::text as estimated_cost
        from tour_group_payments p
        join tour_groups g on g.id = p.tour_group_id
        join tours t on t.id = g.tour_id
        left join service_types s on s.id = p.service_type_id
        where p.supplier_invoice_id in ${sql`(${sql.join(
          invoiceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`}
        order by g.start_date, p.id`,
  );
  for (const { invoice_id, ...r } of rows) {
    const list = out.get(invoice_id) ?? [];
    list.push(r);
    out.set(invoice_id, list);
  }
  return out;
}

/** One invoice's row (figures and linked groups). */
export async function invoiceRowOf(db: Db, i: StoredInvoice): Promise<InvoiceRow> {
  const linked = await linkedGroupsOf(db, [i.id]);
  return invoiceRow(i, linked.get(i.id) ?? []);
}

/**
 * POST invoices-table (spec 2 §2, §9: default 10 a page, sorted on the fifth column — the invoice
 * date — descending): a party's invoices; the quick search matches the invoice number.
 */
export async function invoiceTable(db: Db, f: InvoiceFor, partyId: number, req: DataTablesRequest) {
  const page = resolveTablePage(req, {
    sortable: {
      invoice_number: sql`i.invoice_number`,
      currency_type: sql`i.currency_type`,
      invoice_amount: sql`i.invoice_amount`,
      converted_amount: sql`(i.invoice_amount / i.currency_exchange_rate)`,
      invoice_date: sql`i.invoice_date`,
      invoice_due_date: sql`i.invoice_due_date`,
      total_paid: sql`i.total_paid`,
      outstanding: sql`(i.invoice_amount - i.total_paid)`,
    },
    defaultOrder: { column: 'invoice_date', dir: 'desc' },
    defaultLength: 10,
    tieBreaker: sql`i.id`,
  });
  const base = sql`i.invoice_for = ${f} and i.${partyColumn(f)} = ${partyId}`;
  const where = page.search
    ? sql`${base} and i.invoice_number ilike ${`%${page.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : base;
  const limit = page.limit == null ? sql`` : sql`limit ${page.limit}`;
  const rows = await queryRows<StoredInvoice>(
    db,
    sql`select ${invoiceColumns} from party_invoices i where ${where}
        order by ${sql.join(page.orderBy, sql`, `)} ${limit} offset ${page.offset}`,
  );
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from party_invoices i where ${base}`,
  );
  const filtered = page.search
    ? (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from party_invoices i where ${where}`,
        )
      )[0]
    : total;
  const linked = await linkedGroupsOf(
    db,
    rows.map((r) => r.id),
  );
  return tablePageAnswer(
    page,
    total?.n ?? 0,
    filtered?.n ?? 0,
    rows.map((r) => invoiceRow(r, linked.get(r.id) ?? [])),
  );
}

/** An invoice's recorded payments, oldest first, with who recorded them. */
export async function recordedPayments(db: Db, invoiceId: number): Promise<RecordedPayment[]> {
  return queryRows<RecordedPayment>(
    db,
    sql`select p.id, p.id as invoice_payment_id, p.invoice_id, p.paid_amount::text as paid_amount, p.payment_mode,
          p.transaction_number, p.payment_date::text as payment_date, u.name as created_by_name, p.created_at
        from invoice_payments p left join users u on u.id = p.created_by
        where p.invoice_id = ${invoiceId} order by p.payment_date, p.id`,
  );
}

/** GET suppliers/{id} (tour managers, affiliates) payment_invoices: every invoice of the party, newest first. */
export async function partyInvoiceBriefs(
  db: Db,
  f: InvoiceFor,
  partyId: number,
): Promise<PartyInvoiceBrief[]> {
  const rows = await queryRows<StoredInvoice>(
    db,
    sql`select ${invoiceColumns} from party_invoices i where i.invoice_for = ${f} and i.${partyColumn(f)} = ${partyId}
        order by i.invoice_date desc, i.id desc`,
  );
  return rows.map((i) => ({
    id: i.id,
    invoice_number: i.invoice_number,
    currency_type: i.currency_type,
    currency_exchange_rate: rateText(i.currency_exchange_rate),
    invoice_amount: i.invoice_amount,
    invoice_date: i.invoice_date,
    invoice_due_date: i.invoice_due_date,
    total_paid: new Decimal(i.total_paid).toFixed(2),
    outstanding: invoiceOutstanding(i.invoice_amount, i.total_paid),
  }));
}

/** POST suppliers/invoice/get-supplier-invoices: the party's invoices with left to link, and a supplier's accommodation. */
export async function supplierInvoices(db: Db, f: InvoiceFor, partyId: number) {
  await assertParty(db, f, partyId);
  const rows = await queryRows<StoredInvoice>(
    db,
    sql`select ${invoiceColumns} from party_invoices i where i.invoice_for = ${f} and i.${partyColumn(f)} = ${partyId}
        order by i.invoice_date desc, i.id desc limit 500`,
  );
  const invoices = rows.map((i) => ({
    id: i.id,
    invoice_number: i.invoice_number,
    invoice_amount: i.invoice_amount,
    currency_type: i.currency_type,
    currency_exchange_rate: rateText(i.currency_exchange_rate),
    payment_invoice_name: i.payment_invoice_file_key ? (i.payment_invoice_name ?? 'Invoice.pdf') : null,
    payment_due_date: i.invoice_due_date,
    left_to_link: leftToLink(i.invoice_amount, [i.total_linked]),
  }));
  const accommodations =
    f === 'supplier'
      ? await queryRows<{
          id: number;
          accommodation_name: string;
          rooms: { id: number; name: string; board_basis: string | null }[];
        }>(
          db,
          sql`select a.id, a.accommodation_name,
                coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'board_basis', r.board_basis) order by r.name, r.id)
                          from accommodation_rooms r where r.accommodation_id = a.id), '[]'::json) as rooms
              from accommodations a where a.supplier_id = ${partyId} order by a.accommodation_name, a.id`,
        )
      : [];
  return { invoices, supplier_accomodations: accommodations };
}

/**
 * The exchange rate of `currency` ('USD', 'EUR') in force on `date`: the rate of the currency
 * exchange row with that short name whose start/end dates include the day (the latest start wins);
 * Sterling is always 1; null when none is in force.
 */
export async function rateOn(
  db: Db,
  currency: 'USD' | 'Sterling' | 'EUR',
  date: string,
): Promise<string | null> {
  if (currency === 'Sterling') return '1';
  const [row] = await queryRows<{ rate: string }>(
    db,
    sql`select exchange_rate::text as rate from currencies
        where short_name = ${currency} and (start_date is null or start_date <= ${date})
          and (end_date is null or end_date >= ${date})
        order by start_date desc nulls last, id desc limit 1`,
  );
  return row ? rateText(row.rate) : null;
}
