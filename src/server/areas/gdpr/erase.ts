import { type SQL, sql } from 'drizzle-orm';
import { ERASED_TEXT } from '../../../shared/gdpr';
import { type Db, queryRows } from '../../db/client';
import { HttpError } from '../../http/errors';

/**
 * Erasing customers' personal data (UK GDPR art. 17; docs/gdpr.md lists every column): inside the
 * caller's transaction, every personal field of the customers `ids`, of the passengers on their
 * bookings and of the copies made of them (booking requests, notes, portal messages, brochure
 * requests, emails, history and audit text) is replaced by 'Erased' or emptied. The money rows —
 * bookings' totals, payments, ATOL certificates, document records — stay (art. 17(3)(b): kept for
 * Companies Act 2006 s.388 and VAT Notice 700/21); their totals are compared before and after and a
 * difference throws (the transaction rolls back). Stored files holding personal data are listed in
 * `filesToRemove`, for the caller to remove once the transaction has committed.
 */

/** What an erasure changed. */
export interface ErasureCounts {
  customers: number;
  bookings: number;
  passengers: number;
  /** Column values changed. */
  fields: number;
  /** Files to remove after the commit (file-store keys) and .eml files of the outbox (names). */
  filesToRemove: string[];
  emlFiles: string[];
  /** The money totals of the bookings touched, before and after (equal). */
  moneyBefore: string;
  moneyAfter: string;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Regex special characters, escaped for PostgreSQL's advanced regular expressions. */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One case-insensitive pattern matching any of `terms` (names, emails, phones, passports,
 * addresses) as whole words; terms shorter than 3 characters are left out (they would match inside
 * other words). Null when there is no term.
 */
export function personalPattern(terms: (string | null | undefined)[]): string | null {
  const words = [
    ...new Set(terms.map((t) => t?.trim() ?? '').filter((t) => t.length >= 3 && t !== ERASED_TEXT)),
  ]
    // Longest first, so 'Jane Smith' is replaced whole before 'Jane'.
    .sort((a, b) => b.length - a.length)
    .map((t) => {
      const body = escapeRe(t);
      const start = /^[A-Za-z0-9]/.test(t) ? '\\y' : '';
      const end = /[A-Za-z0-9]$/.test(t) ? '\\y' : '';
      return `${start}${body}${end}`;
    });
  return words.length ? `(${words.join('|')})` : null;
}

/** The money of bookings `ids` as one comparable text: counts and sums, pounds. */
async function moneyTotals(tx: Db, ids: number[]): Promise<string> {
  if (ids.length === 0) return 'no bookings';
  const [r] = await queryRows<Record<string, string>>(
    tx,
    sql`select
          (select count(*) || '|' || coalesce(sum(total_due), 0) || '|' || coalesce(sum(paid), 0) || '|' ||
                  coalesce(sum(balance), 0) || '|' || coalesce(sum(cancellation_charge), 0)
             from bookings where id in (${idList(ids)})) as bookings,
          (select count(*) || '|' || coalesce(sum(payment_amount), 0) from payments
            where holiday_booking_id in (${idList(ids)})) as payments,
          (select count(*) || '|' || coalesce(sum(apc_total), 0) from atol_certificates
            where holiday_booking_id in (${idList(ids)})) as atol,
          (select count(*)::text from booking_document_records where holiday_booking_id in (${idList(ids)})) as documents`,
  );
  return `bookings ${r.bookings}; payments ${r.payments}; atol ${r.atol}; documents ${r.documents}`;
}

/** Runs an update `… returning 1`, answering rows changed × columns set. */
async function changed(tx: Db, query: SQL, columns: number): Promise<number> {
  const rows = await queryRows(tx, sql`${query} returning 1`);
  return rows.length * columns;
}

interface Person {
  id: number;
  terms: (string | null)[];
}

/** Erases customers `ids` in `tx` (see the module's comment). Throws when money totals would change. */
export async function eraseCustomers(tx: Db, ids: number[]): Promise<ErasureCounts> {
  const people = await queryRows<Person>(
    tx,
    sql`select c.id, array[c.first_name, c.last_name, c.full_name, c.email, c.phone_number, c.mobile_number,
                    c.street_address, c.address_line_2, c.address_line_3, c.postcode] as terms
        from customers c where c.id in (${idList(ids)}) and c.erased_at is null order by c.id for update`,
  );
  const customerIds = people.map((p) => p.id);
  // Erased meanwhile (another run, a single erasure): nothing left to do.
  if (customerIds.length === 0)
    return {
      customers: 0,
      bookings: 0,
      passengers: 0,
      fields: 0,
      filesToRemove: [],
      emlFiles: [],
      moneyBefore: 'no bookings',
      moneyAfter: 'no bookings',
    };
  const bookings = await queryRows<{ id: number }>(
    tx,
    sql`select id from bookings where customer_id in (${idList(customerIds)}) order by id for update`,
  );
  const bookingIds = bookings.map((b) => b.id);
  const B = bookingIds.length ? idList(bookingIds) : sql`null`;
  const C = idList(customerIds);
  const moneyBefore = await moneyTotals(tx, bookingIds);

  const passengers = await queryRows<{ id: number; terms: (string | null)[] }>(
    tx,
    sql`select id, array[first_name, last_name, first_name || ' ' || last_name, passport_no, policy_number,
                    insurance_telephone_number] as terms
        from passengers where holiday_booking_id in (${B})`,
  );
  const oldCustomers = await queryRows<{ id: number; terms: (string | null)[] }>(
    tx,
    sql`select distinct o.id, array[o.first_name, o.last_name, o.email, o.postcode] as terms
        from old_customers o join bookings b on b.old_customer_id = o.id where b.id in (${B})`,
  );
  const pattern = personalPattern([...people, ...passengers, ...oldCustomers].flatMap((p) => p.terms));
  const E = ERASED_TEXT;
  /** `expr` with every personal term replaced by 'Erased'. */
  const scrub = (expr: SQL) => (pattern ? sql`regexp_replace(${expr}, ${pattern}, ${E}, 'gi')` : expr);
  const mentions = (expr: SQL) => (pattern ? sql`${expr} ~* ${pattern}` : sql`false`);
  const emails = people.map((p) => p.terms[3]?.trim().toLowerCase()).filter((e): e is string => !!e);
  const EM = emails.length
    ? sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )
    : sql`null`;

  let fields = 0;
  fields += await changed(
    tx,
    sql`update customers set title = null, first_name = ${E}, last_name = ${E}, email = null, phone_number = null,
          mobile_number = null, street_address = null, address_line_2 = null, address_line_3 = null,
          address_line_4 = null, town = null, county = null, postcode = null, opt_out_email = true,
          opt_out_mailing = true, erased_at = now(), updated_at = now()
        where id in (${C})`,
    13,
  );
  fields += await changed(
    tx,
    sql`update passengers set title = null, first_name = ${E}, last_name = ${E}, dob = null, gender = null,
          passport_no = null, passport_issue = null, passport_expiry = null, passport_nationality = null,
          policy_number = null, insurance_company = null, insurance_telephone_number = null, updated_at = now()
        where holiday_booking_id in (${B})`,
    12,
  );
  fields += await changed(
    tx,
    sql`update old_customers set title = null, first_name = ${E}, last_name = ${E}, email = null, postcode = null,
          updated_at = now()
        where id in (${oldCustomers.length ? idList(oldCustomers.map((o) => o.id)) : sql`null`})`,
    5,
  );
  fields += await changed(
    tx,
    sql`update bookings set special_request = null, airline_reference_email = null,
          old_lead_passenger = case when old_lead_passenger is null then null else ${E} end,
          old_tour_booking = case when old_tour_booking is null then null
                                  else ${scrub(sql`old_tour_booking::text`)}::jsonb end,
          -- A screen still open on the booking holds the old details: its next save answers 409.
          version = version + 1, updated_at = now()
        where id in (${B})`,
    4,
  );
  fields += await changed(
    tx,
    sql`update tour_bookings set special_requests = null where holiday_booking_id in (${B}) and special_requests is not null`,
    1,
  );
  fields += await changed(
    tx,
    sql`update booking_extras set extra_note = null where holiday_booking_id in (${B}) and extra_note is not null`,
    1,
  );
  fields += await changed(
    tx,
    sql`update booking_history set comment = ${scrub(sql`comment`)}, document_name = ${scrub(sql`document_name`)},
          changes = ${scrub(sql`changes::text`)}::jsonb
        where holiday_booking_id in (${B})
          and (${mentions(sql`comment`)} or ${mentions(sql`document_name`)} or ${mentions(sql`changes::text`)})`,
    3,
  );
  fields += await changed(
    tx,
    sql`update booking_history_documents d set file_name = ${scrub(sql`d.file_name`)},
          friendly_name = ${scrub(sql`d.friendly_name`)}
        from booking_history h where h.id = d.history_id and h.holiday_booking_id in (${B})
          and (${mentions(sql`d.file_name`)} or ${mentions(sql`d.friendly_name`)})`,
    2,
  );
  fields += await changed(
    tx,
    sql`update booking_document_records set name = ${scrub(sql`name`)}
        where holiday_booking_id in (${B}) and ${mentions(sql`name`)}`,
    1,
  );
  fields += await changed(tx, sql`update customer_notes set note = ${E} where customer_id in (${C})`, 1);
  fields += await changed(
    tx,
    sql`update customer_messages set body = ${E} where holiday_booking_id in (${B})`,
    1,
  );
  fields += await changed(
    tx,
    sql`update brochure_requests set requester_first_name = ${E}, requester_last_name = ${E}, requester_email = null,
          requester_street_address = null, requester_address_line_2 = null, requester_town = null,
          requester_county = null, requester_postcode = null
        where customer_id in (${C}) or lower(trim(requester_email)) in (${EM})`,
    8,
  );
  fields += await changed(
    tx,
    sql`update payment_reminders_sent set email_to = ${E} where holiday_booking_id in (${B})`,
    1,
  );
  fields += await changed(
    tx,
    sql`update bank_statement_lines set payer = ${scrub(sql`payer`)}, reference = ${scrub(sql`reference`)}
        where booking_id in (${B}) and (${mentions(sql`payer`)} or ${mentions(sql`reference`)})`,
    2,
  );
  // The audit trail of these records: the same rows, their personal values replaced.
  const scopes = [...customerIds.map((id) => `customer:${id}`), ...bookingIds.map((id) => `booking:${id}`)];
  fields += await changed(
    tx,
    sql`update audit_log set changes = ${scrub(sql`changes::text`)}::jsonb
        where ((entity = 'customer' and entity_id in (${C}))
            or (entity = 'booking' and entity_id in (${B}))
            or (entity = 'passenger' and entity_id in (${passengers.length ? idList(passengers.map((p) => p.id)) : sql`null`}))
            or (entity = 'customer_message' and entity_id in (select id from customer_messages where holiday_booking_id in (${B})))
            or (entity = 'bank_statement_line' and entity_id in (select id from bank_statement_lines where booking_id in (${B})))
            or scope in (${sql.join(
              scopes.map((s) => sql`${s}`),
              sql`, `,
            )}))
          and ${mentions(sql`changes::text`)}`,
    1,
  );

  // Emails sent to them or about their bookings: the text goes, the row (when, what kind) stays.
  const outbox = await queryRows<{
    id: number;
    attachments: { file_key: string }[];
    eml_file: string | null;
  }>(
    tx,
    sql`select id, attachments, eml_file from email_outbox
        where holiday_booking_id in (${B}) or lower(trim(to_address)) in (${EM}) for update`,
  );
  if (outbox.length > 0)
    await tx.execute(
      sql`update email_outbox set to_address = ${E}, subject = ${E}, html = ${E}, text = null,
            attachments = '[]'::jsonb, eml_file = null, last_error = null, updated_at = now()
          where id in (${idList(outbox.map((o) => o.id))})`,
    );
  fields += outbox.length * 7;

  // Sign-in links, codes and sessions of their side: deleted.
  await tx.execute(
    sql`delete from portal_links where customer_id in (${C}) or email in (${EM}) or holiday_booking_id in (${B})`,
  );
  await tx.execute(sql`delete from portal_sessions where customer_id in (${C}) or email in (${EM})`);
  await tx.execute(sql`delete from portal_codes where customer_id in (${C}) or email in (${EM})`);
  await tx.execute(sql`delete from portal_attempts where lower(key) in (${EM})`);
  await tx.execute(sql`delete from login_failures where lower(email) in (${EM})`);

  // Stored files holding personal data: uploaded documents (passports…), generated documents and
  // the emails' attachments. The records stay (a document record marked 'File no longer kept').
  const docs = await queryRows<{ file_key: string }>(
    tx,
    sql`update booking_document_records set file_removed_at = now(), updated_at = now()
        where holiday_booking_id in (${B}) and file_removed_at is null returning file_key`,
  );
  const uploads = await queryRows<{ file_key: string }>(
    tx,
    sql`update booking_additional_documents set name = ${E}, document_detail = null, updated_at = now()
        where holiday_booking_id in (${B}) returning file_key`,
  );
  const historyDocs = await queryRows<{ file_key: string }>(
    tx,
    sql`select d.file_key from booking_history_documents d join booking_history h on h.id = d.history_id
        where h.holiday_booking_id in (${B})`,
  );
  fields += docs.length + uploads.length * 2;
  const filesToRemove = [
    ...new Set([
      ...docs.map((d) => d.file_key),
      ...uploads.map((d) => d.file_key),
      ...historyDocs.map((d) => d.file_key),
      ...outbox.flatMap((o) => (o.attachments ?? []).map((a) => a.file_key)),
    ]),
  ].filter(Boolean);

  const moneyAfter = await moneyTotals(tx, bookingIds);
  if (moneyAfter !== moneyBefore) {
    throw new HttpError(
      500,
      `Erasure stopped: the money totals would change (${moneyBefore} → ${moneyAfter}); nothing was erased.`,
    );
  }
  return {
    customers: customerIds.length,
    bookings: bookingIds.length,
    passengers: passengers.length,
    fields,
    filesToRemove,
    emlFiles: outbox.map((o) => o.eml_file).filter((f): f is string => !!f),
    moneyBefore,
    moneyAfter,
  };
}
