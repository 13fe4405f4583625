import { sql } from 'drizzle-orm';
import { apcRateOn } from '../../../../shared/apc';
import { DOCUMENT_MESSAGES } from '../../../../shared/api/booking-documents';
import { londonDay } from '../../../../shared/dates';
import { type GreetingName, greetingLine } from '../../../../shared/greeting';
import { type Db, queryRows } from '../../../db/client';
import { storeDocumentRecord } from '../../../documents/record-store';
import { escapeHtml } from '../../../lib/html';
import { enqueueEmail, type Outbox } from '../../../mail/outbox';
import { manageBookingParagraph } from '../../../mail/portal-links';
import type { FileStore } from '../../../storage/files';
import { atolContribution, atolFingerprint, departureInstant } from './atol-content';
import {
  type BookingDocumentData,
  DocumentRefused,
  isFlightInclusive,
  loadBookingDocumentData,
  renderBookingDocument,
} from './render';

/**
 * ATOL certificates (issue #12 'ATOL certificates'; ATOL Regulations 2012 regs 17 and 19). A
 * flight-inclusive booking gets version 1 when its first payment (any amount, a deposit included)
 * is recorded, and a new version whenever the protected information (passenger names, flights,
 * accommodation, dates: `atolProtectedContent`, hashed) changes more than 72 hours before
 * departure; the old version is kept with `superseded_at`. Each issue is a document record
 * ('atol-issue'), a history entry and an email to the customer (else the agent) with the PDF,
 * through the outbox — all in the transaction of the change that caused it.
 */

/** The CAA rule: a changed certificate is re-issued only while departure is more than 72 hours away. */
export const ATOL_REISSUE_HOURS = 72;

/** The outbox kind of a certificate's own email. */
export const ATOL_EMAIL_KIND = 'atol-certificate';

/**
 * How long a certificate re-issued by a staff change (version 2 on) waits in the outbox for the
 * email about that change — accepting the changes with 'Yes' takes it into that email
 * (`takeHeldCertificates`), with 'No' sends it at once — before it goes on its own.
 */
export const ATOL_CHANGE_HOLD_SECONDS = 24 * 3600;

/**
 * The booking's certificate emails still waiting in the outbox (not yet sent): marked 'merged' so
 * they never go on their own, because the email being written now carries the current certificate.
 * Answers how many were waiting. In the caller's transaction.
 */
export async function takeHeldCertificates(tx: Db, bookingId: number): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update email_outbox set status = 'merged', updated_at = now(),
               last_error = 'Sent with the email about the change instead'
        where holiday_booking_id = ${bookingId} and kind = ${ATOL_EMAIL_KIND} and status = 'pending'
        returning id`,
  );
  return rows.length;
}

/** Sends the booking's waiting certificate emails now (changes accepted without an email of their own). */
export async function releaseHeldCertificates(tx: Db, bookingId: number): Promise<void> {
  await tx.execute(
    sql`update email_outbox set next_attempt_at = now(), updated_at = now()
        where holiday_booking_id = ${bookingId} and kind = ${ATOL_EMAIL_KIND} and status = 'pending'
          and next_attempt_at > now()`,
  );
}

/** What an issue needs besides the transaction: the file store, and the outbox (kicked by the caller after commit). */
export interface AtolDeps {
  files: FileStore;
  outbox: Outbox;
}

/** An atol_certificates row as read here. */
interface CertificateRow {
  id: number;
  version: number;
  reference: string;
  fingerprint: string;
  issued_at: string;
}

/**
 * Brings booking `bookingId`'s ATOL certificate up to date, inside the caller's transaction (call
 * it at the end of the change, after the history and recompute): issues version 1 when the booking
 * is flight-inclusive, has a payment and no certificate yet (reason 'First payment recorded');
 * issues a new version when the protected content differs from the current certificate's and
 * departure is more than 72 hours away (reason `reason`, e.g. 'passenger added'); closer to
 * departure writes a history note instead. No-op otherwise (not flight-inclusive, cancelled,
 * unchanged). The caller calls `deps.outbox.kick()` after commit. `firstOnly` (a payment, which
 * changes nothing a certificate shows): only issue version 1, return at once when one exists.
 */
export async function refreshAtolCertificate(
  tx: Db,
  deps: AtolDeps,
  bookingId: number,
  userId: number | null,
  reason: string,
  opts: { firstOnly?: boolean } = {},
): Promise<void> {
  // Most bookings have no flights, or nothing to certify yet: say so from one cheap query before
  // loading everything the documents print (refreshWith checks with isFlightInclusive again).
  const [gate] = await queryRows<{ flights: boolean; certified: boolean; paid: boolean; named: boolean }>(
    tx,
    sql`select exists (select 1 from tour_bookings tb join tours t on t.id = tb.tour_id
                       where tb.holiday_booking_id = ${bookingId}
                         and (t.tour_type = 'air' or exists (select 1 from tour_instance_flights tif
                                                             where tif.tour_instance_id = tb.tour_instance_id))) as flights,
               exists (select 1 from atol_certificates where holiday_booking_id = ${bookingId}) as certified,
               ${hasPaymentSql(bookingId)} as paid,
               exists (select 1 from passengers where holiday_booking_id = ${bookingId}) as named`,
  );
  if (!gate?.flights || (!gate.certified && !gate.paid)) return;
  // A certificate names every passenger: with none entered yet there is nothing to issue (adding
  // the first passenger calls this again and issues version 1).
  if (!gate.named) return;
  if (opts.firstOnly && gate.certified) return;
  const data = await loadBookingDocumentData(tx, bookingId);
  if (!data) return;
  await refreshWith(tx, deps.files, data, userId, reason, { note: true, appUrl: deps.outbox.appUrl });
}

/**
 * The certificate an ATOL Certificate download carries (records.ts `issueBookingDocument`): the
 * current one after bringing it up to date as `refreshAtolCertificate` does (so version 1 is issued
 * on the spot for a paid booking that has none yet). Locks the booking row, so two downloads never
 * issue the same version twice. Throws DocumentRefused when the booking is not flight-inclusive or
 * has no payment yet (no certificate is made up without a row behind it).
 */
export async function certificateForDocument(
  tx: Db,
  files: FileStore,
  bookingId: number,
  userId: number | null,
): Promise<{ reference: string; version: number; issuedAt: string }> {
  await tx.execute(sql`select id from bookings where id = ${bookingId} for update`);
  const data = await loadBookingDocumentData(tx, bookingId);
  if (!data) throw new DocumentRefused('Booking not found');
  if (!isFlightInclusive(data)) throw new DocumentRefused(DOCUMENT_MESSAGES.notFlightInclusive);
  const current = await refreshWith(tx, files, data, userId, 'details changed since the last certificate', {
    note: false,
  });
  if (!current) throw new DocumentRefused(DOCUMENT_MESSAGES.atolNeedsPayment);
  return { reference: current.reference, version: current.version, issuedAt: current.issued_at };
}

/** The booking's current (not superseded) certificate, or null. */
async function currentCertificate(tx: Db, bookingId: number): Promise<CertificateRow | null> {
  const [row] = await queryRows<CertificateRow>(
    tx,
    sql`select id, version, reference, fingerprint,
               to_char(issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at
        from atol_certificates where holiday_booking_id = ${bookingId} and superseded_at is null
        order by version desc limit 1`,
  );
  return row ?? null;
}

/** SQL: the booking has a payment received (any positive amount, a deposit included, not voided). */
const hasPaymentSql = (bookingId: number) =>
  sql`exists (select 1 from payments where holiday_booking_id = ${bookingId}
              and payment_amount > 0 and voided_at is null)`;

/** True when the booking has a payment received (`hasPaymentSql`). */
async function hasPayment(tx: Db, bookingId: number): Promise<boolean> {
  const [row] = await queryRows<{ paid: boolean }>(tx, sql`select ${hasPaymentSql(bookingId)} as paid`);
  return row?.paid === true;
}

/**
 * The refresh itself; answers the certificate current afterwards (null: none). `note`: write the
 * history note when a change comes too close to departure (a change does; a download does not).
 */
async function refreshWith(
  tx: Db,
  files: FileStore,
  data: BookingDocumentData,
  userId: number | null,
  reason: string,
  { note, appUrl }: { note: boolean; appUrl?: string },
): Promise<CertificateRow | null> {
  const bookingId = data.booking.id;
  const current = await currentCertificate(tx, bookingId);
  if (!isFlightInclusive(data) || data.booking.cancelled_at) return current;
  const fingerprint = atolFingerprint(data);
  if (!current) {
    if (!(await hasPayment(tx, bookingId))) return null;
    return issueCertificate(tx, files, data, {
      version: 1,
      fingerprint,
      reason: 'First payment recorded',
      userId,
      appUrl,
    });
  }
  if (current.fingerprint === fingerprint) return current;
  const departs = departureInstant(data);
  if (departs && departs.getTime() - Date.now() <= ATOL_REISSUE_HOURS * 3_600_000) {
    if (!note) return current;
    await insertHistory(tx, {
      bookingId,
      userId,
      action: 'ATOL Certificate not re-issued',
      comment: `The ATOL information changed (${reason}) within ${ATOL_REISSUE_HOURS} hours of departure, so no new certificate is issued; version ${current.version} (${current.reference}) stays current.`,
    });
    return current;
  }
  return issueCertificate(tx, files, data, {
    version: current.version + 1,
    fingerprint,
    reason,
    userId,
    supersedes: current,
    appUrl,
  });
}

/**
 * Issues version `version` (superseding `supersedes`): renders the certificate, keeps it as a
 * document record ('atol-issue'),
 * stores the atol_certificates row with its APC, writes the history entry (the PDF attached to it)
 * and queues the email with the PDF to the customer, else the agent (no address: the history says so).
 */
async function issueCertificate(
  tx: Db,
  files: FileStore,
  data: BookingDocumentData,
  c: {
    version: number;
    fingerprint: string;
    reason: string;
    userId: number | null;
    supersedes?: CertificateRow;
    /** The public address for the customer's 'Manage your booking' link (Outbox.appUrl). */
    appUrl?: string;
  },
): Promise<CertificateRow | null> {
  const b = data.booking;
  const reference = `${b.booking_ref}-${c.version}`;
  const issuedAt = new Date().toISOString();
  let rendered: { filename: string; pdf: Buffer };
  try {
    rendered = await renderBookingDocument(tx, b.id, 'atol', {
      atol: { reference, version: c.version, issuedAt },
    });
  } catch (e) {
    // The renderer's refusal must not undo the change that asked for the certificate: say so instead.
    if (!(e instanceof DocumentRefused)) throw e;
    await insertHistory(tx, {
      bookingId: b.id,
      userId: c.userId,
      action: 'ATOL Certificate not issued',
      comment: `ATOL Certificate version ${c.version} could not be issued: ${e.message}`,
    });
    return c.supersedes ?? null;
  }
  const { filename, pdf } = rendered;
  if (c.supersedes)
    await tx.execute(
      sql`update atol_certificates set superseded_at = now(), updated_at = now() where id = ${c.supersedes.id}`,
    );
  const record = await storeDocumentRecord(tx, files, {
    bookingId: b.id,
    docType: 'atol',
    name: filename,
    createdFor: 'atol-issue',
    pdf,
    userId: c.userId,
  });
  // The rate in force on the certificate's date (shared/apc.ts); the setting overrides the current one.
  const apc = atolContribution(
    data,
    apcRateOn(londonDay(issuedAt), data.company.atol_protection_contribution),
  );
  const [cert] = await queryRows<{ id: number }>(
    tx,
    sql`insert into atol_certificates (holiday_booking_id, version, reference, document_record_id, reason, fingerprint,
                                       passengers_protected, apc_passengers, apc_per_passenger, apc_total, licensable_revenue,
                                       issued_at, created_by)
        values (${b.id}, ${c.version}, ${reference}, ${record.id}, ${c.reason}, ${c.fingerprint},
                ${apc.passengers_protected}, ${apc.apc_passengers}, ${apc.apc_per_passenger}, ${apc.apc_total},
                ${data.totals.total_due}, ${issuedAt}, ${c.userId})
        returning id`,
  );
  const to = recipientOf(data);
  const historyId = await insertHistory(tx, {
    bookingId: b.id,
    userId: c.userId,
    action: 'ATOL Certificate issued',
    comment: `ATOL Certificate issued, version ${c.version}: ${c.reason}. Reference ${reference}; ${
      !to
        ? 'not emailed: the booking has no customer or agent email address.'
        : c.version > 1
          ? `to be emailed to ${to.email} with the email about this change (on its own if none is sent within ${ATOL_CHANGE_HOLD_SECONDS / 3600} hours).`
          : `emailed to ${to.email}.`
    }`,
    documentName: record.name,
  });
  await tx.execute(
    sql`insert into booking_history_documents (history_id, file_name, friendly_name, file_key, content_type, document_record_id)
        values (${historyId}, ${record.name}, ${'ATOL Certificate'}, ${record.file_key}, 'application/pdf', ${record.id})`,
  );
  if (to) {
    const company = data.company.company_name || 'The Reservations Team';
    const paragraphs = [
      greetingLine(to),
      `Please find attached your ATOL Certificate for booking ${b.booking_ref} (reference ${reference}, version ${c.version}).`,
      c.version > 1
        ? 'It replaces the certificate we sent before, because the details of your holiday have changed. Please keep it with your travel documents.'
        : 'It confirms that the flights in your booking are financially protected under our ATOL. Please keep it with your travel documents.',
    ];
    await enqueueEmail(
      tx,
      files,
      {
        kind: ATOL_EMAIL_KIND,
        to: to.email,
        subject: `Your ATOL Certificate ${reference} (booking ${b.booking_ref})`,
        html: `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${await manageBookingParagraph(tx, b.id, c.appUrl, to.email)}<p>Kind regards,<br>${escapeHtml(company)}</p>`,
        attachments: [{ filename: record.name, file_key: record.file_key, contentType: 'application/pdf' }],
        bookingId: b.id,
        historyId,
        createdBy: c.userId,
      },
      // A certificate a staff change issued waits for the email about that change (it rides there).
      { holdSeconds: c.version > 1 ? ATOL_CHANGE_HOLD_SECONDS : 0 },
    );
  }
  return { id: cert.id, version: c.version, reference, fingerprint: c.fingerprint, issued_at: issuedAt };
}

/** The customer's address, else the agent's (the customer being the traveller), with who to greet; null when neither has one. */
function recipientOf(data: BookingDocumentData): ({ email: string } & GreetingName) | null {
  const c = data.customer;
  if (c?.email) return { email: c.email, title: c.title, first_name: c.first_name, last_name: c.last_name };
  if (data.agent?.email) return { email: data.agent.email, name: data.agent.name };
  return null;
}

/** A history entry of type 'Document' (spec 1 §3 History entry); answers its id. */
async function insertHistory(
  tx: Db,
  e: { bookingId: number; userId: number | null; action: string; comment: string; documentName?: string },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into booking_history (holiday_booking_id, user_id, type, action, comment, document_name)
        values (${e.bookingId}, ${e.userId}, 'Document', ${e.action}, ${e.comment}, ${e.documentName ?? null})
        returning id`,
  );
  return row.id;
}
