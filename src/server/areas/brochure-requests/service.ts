import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type SQL, sql } from 'drizzle-orm';
import yazl from 'yazl';
import { NOTHING_TO_PROCESS_MESSAGE } from '../../../shared/api/brochure-requests';
import { COVER_LETTER_TYPE } from '../../../shared/api/brochures';
import { customerInput } from '../../../shared/api/customers';
import { londonText, londonToday } from '../../../shared/dates';
import { type Db, inSequence, inTransaction, queryRows } from '../../db/client';
import { customers } from '../../db/schema';
import { loadCompanySettings } from '../../documents/letterhead';
import { renderPdf } from '../../documents/pdf';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { FileStore } from '../../storage/files';
import { COVER_LETTERS_AREA } from '../../storage/retention';
import { coverLetterDefinition, recipientName } from './cover-letter';
import { OWN_REQUESTER } from './queries';

/** A request as the letters need it: the recipient's name and address, the brochure and quantity. */
interface LetterRow {
  id: number;
  brochure_name: string;
  qty: number;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  line1: string | null;
  line2: string | null;
  line3: string | null;
  line4: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
}

/** A new batch id: the London date and time it was made and four random hex digits ('20260501-1430-a3f9'). */
export function newBatchId(now = new Date()): string {
  return `${londonText(now, 'YYYYMMDD-HHmm')}-${randomBytes(2).toString('hex')}`;
}

/** A safe piece of a file name ('O'Brien' → 'O-Brien'). */
const fileNamePart = (s: string | null) =>
  (s ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);

/** What processing answers: the zip, its file name, the batch and how many letters it holds. */
export interface ProcessedBatch {
  zip: Buffer;
  filename: string;
  batchId: string;
  count: number;
}

const batchKey = (batchId: string) => `${COVER_LETTERS_AREA}/${batchId}.zip`;
const batchFileName = (batchId: string) => `cover-letters-${batchId}.zip`;

/** The requests' recipients and brochures, by id, for the letters (`where` on `brochure_requests r`). */
const letterRowsQuery = (where: SQL) => sql`select r.id, b.brochure_name, r.qty,
         case when ${OWN_REQUESTER} then null else c.title end as title,
         case when ${OWN_REQUESTER} then r.requester_first_name else c.first_name end as first_name,
         case when ${OWN_REQUESTER} then r.requester_last_name else c.last_name end as last_name,
         case when ${OWN_REQUESTER} then r.requester_street_address else c.street_address end as line1,
         case when ${OWN_REQUESTER} then r.requester_address_line_2 else c.address_line_2 end as line2,
         case when ${OWN_REQUESTER} then null else c.address_line_3 end as line3,
         case when ${OWN_REQUESTER} then null else c.address_line_4 end as line4,
         case when ${OWN_REQUESTER} then r.requester_town else c.town end as town,
         case when ${OWN_REQUESTER} then r.requester_county else c.county end as county,
         case when ${OWN_REQUESTER} then r.requester_postcode else c.postcode end as postcode
  from brochure_requests r
  join brochures b on b.id = r.brochure_id
  left join customers c on c.id = r.customer_id
  where ${where}
  order by r.id`;

/** One PDF cover letter per row, dated `date` (YYYY-MM-DD), zipped as cover-letter-{id}-{name}.pdf. */
async function lettersZip(db: Db, rows: LetterRow[], date: string): Promise<Buffer> {
  const [company, letter] = await inSequence(
    () => loadCompanySettings(db),
    () =>
      queryRows<{ content: string }>(
        db,
        sql`select content from site_contents where type = ${COVER_LETTER_TYPE}`,
      ),
  );
  const html = letter[0]?.content ?? '';
  const zip = new yazl.ZipFile();
  const zipped = buffer(zip.outputStream);
  const mtime = new Date();
  for (const r of rows) {
    const pdf = await renderPdf(
      coverLetterDefinition(
        company,
        html,
        {
          title: r.title,
          first_name: r.first_name,
          last_name: r.last_name,
          address: [r.line1, r.line2, r.line3, r.line4, r.town, r.county, r.postcode],
          brochure_name: r.brochure_name,
          qty: r.qty,
        },
        date,
      ),
    );
    const who = fileNamePart(recipientName(r)) || 'customer';
    zip.addBuffer(pdf, `cover-letter-${r.id}-${who}.pdf`, { mtime, compress: true });
  }
  zip.end();
  return zipped;
}

/**
 * 'Process new requests' (spec 3 §4, §7 GET brochures/requests/process): one PDF cover letter per
 * unsent request (or per unsent request among `ids`), zipped, and those requests marked sent under
 * a new batch id — in ONE transaction that reads them `for update`: a second press while the first
 * runs waits for it, then finds them sent (PostgreSQL re-checks `not sent` on the locked rows) and
 * answers 422 NOTHING_TO_PROCESS_MESSAGE, so no letter is made twice. The letters are made before
 * the commit: a failure leaves every request unsent. The zip is kept in the file store under the
 * batch id before the commit (a failed commit leaves only an unused file, which the print-copies
 * retention removes), so the batch can be downloaded again (`batchZip`).
 */
export async function processBrochureRequests(
  db: Db,
  files: FileStore,
  ids?: number[],
): Promise<ProcessedBatch> {
  return inTransaction(db, async (tx) => {
    const only = ids?.length
      ? sql`and r.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const rows = await queryRows<LetterRow>(
      tx,
      sql`${letterRowsQuery(sql`not r.sent ${only}`)} for update of r`,
    );
    if (rows.length === 0) throw new HttpError(422, NOTHING_TO_PROCESS_MESSAGE);
    const batchId = newBatchId();
    await tx.execute(
      sql`update brochure_requests set sent = true, batch_id = ${batchId}, updated_at = now()
          where id in (${sql.join(
            rows.map((r) => sql`${r.id}`),
            sql`, `,
          )})`,
    );
    const zip = await lettersZip(tx, rows, londonToday());
    await files.put(batchKey(batchId), zip);
    return { zip, filename: batchFileName(batchId), batchId, count: rows.length };
  });
}

/** A processed batch as the Brochure requests screen lists it. */
export interface ProcessedBatchRow {
  batch_id: string;
  /** When it was processed, 'YYYY-MM-DDTHH:MM' London time (read from the batch id). */
  processed_at: string | null;
  letters: number;
  /** Whether the zip made that day is still kept (else a download makes the letters again). */
  kept: boolean;
}

/** The London time a batch id carries ('20260501-1430-a3f9' → '2026-05-01T14:30'), or null. */
export function batchTime(batchId: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})-/.exec(batchId);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : null;
}

/** The newest `limit` processed batches (by batch id, which starts with its date and time), with their letter counts. */
export async function listProcessedBatches(
  db: Db,
  files: FileStore,
  limit = 50,
): Promise<ProcessedBatchRow[]> {
  const rows = await queryRows<{ batch_id: string; letters: number }>(
    db,
    sql`select batch_id, count(*)::int as letters from brochure_requests
        where batch_id is not null group by batch_id order by batch_id desc limit ${limit}`,
  );
  const kept = new Set((await files.list(COVER_LETTERS_AREA)).map((f) => f.key));
  return rows.map((r) => ({
    batch_id: r.batch_id,
    processed_at: batchTime(r.batch_id),
    letters: r.letters,
    kept: kept.has(batchKey(r.batch_id)),
  }));
}

/**
 * A processed batch's zip again: the copy kept when it was processed, or — once the retention
 * period removed it, or for a batch processed before copies were kept — the letters made again from
 * the batch's requests, dated the day the batch was processed. 404 for an unknown batch.
 */
export async function batchZip(
  db: Db,
  files: FileStore,
  batchId: string,
): Promise<{ key: string; filename: string } | { zip: Buffer; filename: string }> {
  const filename = batchFileName(batchId);
  const rows = await queryRows<LetterRow>(db, letterRowsQuery(sql`r.batch_id = ${batchId}`));
  if (rows.length === 0) throw notFound('There is no batch with that id.');
  if (await files.stat(batchKey(batchId))) return { key: batchKey(batchId), filename };
  const date = batchTime(batchId)?.slice(0, 10) ?? londonToday();
  return { zip: await lettersZip(db, rows, date), filename };
}

/**
 * Links a request to an existing customer (spec 3 §7 POST brochures/requests/{id}/link-customer).
 * 404 for an unknown request; 422 when the customer does not exist or the request already has one
 * (spec 2 §4: once linked, neither button is offered).
 */
export async function linkCustomer(db: Db, id: number, customerId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await queryRows<{ customer_id: number | null }>(
      tx,
      sql`select customer_id from brochure_requests where id = ${id} for update`,
    );
    if (!row) throw notFound('Brochure request not found.');
    if (row.customer_id !== null)
      throw validationError(
        { customer_id: ['This brochure request is already linked to a customer.'] },
        'This brochure request is already linked to a customer.',
      );
    const [customer] = await queryRows<{ id: number }>(
      tx,
      sql`select id from customers where id = ${customerId} for key share`,
    );
    if (!customer) throw validationError({ customer_id: ['The selected customer does not exist.'] });
    await tx.execute(
      sql`update brochure_requests set customer_id = ${customerId}, updated_at = now() where id = ${id}`,
    );
  });
}

/**
 * Creates a customer from the requester's details and links the request to it, in one transaction
 * (spec 3 §7 GET brochures/requests/{id}/create-customer; data is the new customer's id). The
 * details pass the customer form's own rules (`customerInput`: names required, a UK postcode put in
 * its standard form); what fails answers 422 naming the field. 422 too when already linked.
 */
export async function createCustomerFromRequester(db: Db, id: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [row] = await queryRows<{
      customer_id: number | null;
      affiliate_id: number | null;
      requester_first_name: string | null;
      requester_last_name: string | null;
      requester_email: string | null;
      requester_street_address: string | null;
      requester_address_line_2: string | null;
      requester_town: string | null;
      requester_county: string | null;
      requester_postcode: string | null;
    }>(tx, sql`select * from brochure_requests where id = ${id} for update`);
    if (!row) throw notFound('Brochure request not found.');
    if (row.customer_id !== null)
      throw validationError(
        { customer_id: ['This brochure request is already linked to a customer.'] },
        'This brochure request is already linked to a customer.',
      );
    const parsed = customerInput.safeParse({
      first_name: row.requester_first_name ?? '',
      last_name: row.requester_last_name ?? '',
      email: row.requester_email ?? '',
      street_address: row.requester_street_address ?? '',
      address_line_2: row.requester_address_line_2 ?? '',
      town: row.requester_town ?? '',
      county: row.requester_county ?? '',
      postcode: row.requester_postcode ?? '',
      affiliate_id: row.affiliate_id ?? '',
    });
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'request');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      throw validationError(
        errors,
        `The requester's details cannot make a customer: ${Object.values(errors)[0][0]}`,
      );
    }
    const v = parsed.data;
    const [created] = await tx
      .insert(customers)
      .values({
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email ?? null,
        street_address: v.street_address ?? null,
        address_line_2: v.address_line_2 ?? null,
        town: v.town ?? null,
        county: v.county ?? null,
        postcode: v.postcode ?? null,
        country_id: v.country_id,
        affiliate_id: v.affiliate_id ?? null,
      })
      .returning({ id: customers.id });
    await tx.execute(
      sql`update brochure_requests set customer_id = ${created.id}, updated_at = now() where id = ${id}`,
    );
    return created.id;
  });
}
