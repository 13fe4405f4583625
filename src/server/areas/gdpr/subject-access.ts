import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { SubjectAccessResult } from '../../../shared/api/gdpr';
import { londonDateTime, londonToday, ukDate } from '../../../shared/dates';
import { subjectAccessDue } from '../../../shared/gdpr';
import { type Db, queryRows } from '../../db/client';
import { notFound } from '../../http/errors';
import type { JobContext } from '../../jobs/queue';
import { escapeHtml } from '../../lib/html';
import type { FileStore } from '../../storage/files';
import { subjectAccessKey } from './service';

/**
 * The subject access export (UK GDPR art. 15: a copy of the personal data held): one zip of
 * everything held about a customer — their record, notes, booking requests (referrals), brochure
 * requests, every booking they lead with its passengers, tour lines, extras, payments, history,
 * portal messages and document records, the emails sent to them or about their bookings — as JSON
 * files, the stored files themselves (documents generated, uploads, email attachments), and an
 * index.html listing it all. Stored in the file store (subject-access/customer-{id}-job-{job}.zip),
 * downloaded through GET customers/{id}/subject-access/{job}. Progress counted in bookings and files.
 */

export interface SubjectAccessData {
  customerId: number;
}

/** A file of the zip: its name and either its bytes or a stored file's key. */
interface Entry {
  name: string;
  about: string;
  bytes?: Buffer;
  key?: string;
}

const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`);
const idList = (ids: number[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
/** A file name made safe for a zip entry (letters, digits, '.', '-', '_'). */
const safeName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

const rows = <T = Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) => queryRows<T>(db, q);

/** What the export holds of each booking: file name, what it is, and the table (rows of the booking). */
const BOOKING_PARTS = [
  ['passengers', 'Passengers', 'passengers'],
  ['tour-lines', 'Tours booked', 'tour_bookings'],
  ['extras', 'Extras', 'booking_extras'],
  ['payments', 'Payments', 'payments'],
  ['history', 'History', 'booking_history'],
  ['messages', 'Messages from your side', 'customer_messages'],
  ['atol-certificates', 'ATOL certificates', 'atol_certificates'],
  ['documents', 'Documents issued', 'booking_document_records'],
  ['uploads', 'Documents uploaded', 'booking_additional_documents'],
] as const;

/** The JSON and file entries of customer `id`'s export (404 'Customer not found'). */
async function collect(db: Db, id: number, progress: (done: number, total: number) => Promise<void>) {
  const [customer] = await rows(db, sql`select * from customers where id = ${id}`);
  if (!customer) throw notFound('Customer not found');
  const email = typeof customer.email === 'string' ? customer.email.trim().toLowerCase() : '';
  const entries: Entry[] = [{ name: 'customer.json', about: 'Your customer record', bytes: json(customer) }];
  const add = (name: string, about: string, v: unknown[]) => {
    if (v.length) entries.push({ name, about, bytes: json(v) });
  };
  add(
    'notes.json',
    'Notes kept about you',
    await rows(db, sql`select * from customer_notes where customer_id = ${id} order by id`),
  );
  add(
    'booking-requests.json',
    'Referrals (bookings you referred or were referred to)',
    await rows(
      db,
      sql`select * from booking_requests where customer_id = ${id} or referrer_id = ${id} order by id`,
    ),
  );
  add(
    'brochure-requests.json',
    'Brochure requests',
    await rows(
      db,
      sql`select * from brochure_requests where customer_id = ${id}
            or (${email} <> '' and lower(trim(requester_email)) = ${email}) order by id`,
    ),
  );
  const bookings = await rows<{ id: number; booking_ref: string | null }>(
    db,
    sql`select * from bookings where customer_id = ${id} order by id`,
  );
  const B = idList(bookings.map((b) => b.id));
  add(
    'emails.json',
    'Emails sent to you or about your bookings',
    await rows(
      db,
      sql`select id, kind, to_address, subject, html, text, attachments, holiday_booking_id, status, sent_at, created_at
          from email_outbox where holiday_booking_id in (${B}) or (${email} <> '' and lower(trim(to_address)) = ${email})
          order by id`,
    ),
  );
  const attachments = await rows<{ id: number; attachments: { filename: string; file_key: string }[] }>(
    db,
    sql`select id, attachments from email_outbox
        where holiday_booking_id in (${B}) or (${email} <> '' and lower(trim(to_address)) = ${email})`,
  );
  for (const m of attachments)
    for (const a of m.attachments ?? [])
      entries.push({
        name: `emails/${m.id}/${safeName(a.filename)}`,
        about: `Attachment of email ${m.id}`,
        key: a.file_key,
      });

  const total = bookings.length;
  let done = 0;
  for (const b of bookings) {
    const dir = `bookings/${safeName(b.booking_ref ?? `booking-${b.id}`)}`;
    entries.push({ name: `${dir}/booking.json`, about: `Booking ${b.booking_ref ?? b.id}`, bytes: json(b) });
    for (const [file, about, table] of BOOKING_PARTS)
      add(
        `${dir}/${file}.json`,
        `${about} (booking ${b.booking_ref ?? b.id})`,
        await rows(
          db,
          sql`select * from ${sql.identifier(table)} where holiday_booking_id = ${b.id} order by id`,
        ),
      );
    const files = await rows<{ id: string; name: string; file_key: string }>(
      db,
      sql`select 'document-' || id as id, name, file_key from booking_document_records
          where holiday_booking_id = ${b.id} and file_removed_at is null
          union all
          select 'upload-' || id, name, file_key from booking_additional_documents where holiday_booking_id = ${b.id}
          order by 1`,
    );
    for (const f of files)
      entries.push({
        name: `${dir}/files/${f.id}-${safeName(f.name)}`,
        about: `A document of booking ${b.booking_ref ?? b.id}`,
        key: f.file_key,
      });
    done += 1;
    await progress(done, total + 1);
  }
  return { customer, entries };
}

/** The index page: every entry, escaped, linked. */
function indexPage(customer: Record<string, unknown>, entries: Entry[], made: string): Buffer {
  const who = escapeHtml(`${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim());
  const items = entries
    .map(
      (e) =>
        `<li><a href="${escapeHtml(encodeURI(e.name))}">${escapeHtml(e.name)}</a> — ${escapeHtml(e.about)}</li>`,
    )
    .join('\n');
  return Buffer.from(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Subject access export — ${who}</title></head>
<body>
<h1>Personal data held about ${who}</h1>
<p>Made ${escapeHtml(made)} in answer to a subject access request (UK GDPR art. 15). JSON files hold the records; the files folder the documents themselves.</p>
<ul>
${items}
</ul>
</body></html>
`);
}

/**
 * The job's handler: collects the entries, streams the zip into the file store (stored files opened
 * only when the zip reaches them; a file gone from the store is skipped and listed as such), and
 * answers its name and size.
 */
export async function runSubjectAccess(
  deps: { db: Db; files: FileStore; clock: () => Date },
  job: JobContext<SubjectAccessData>,
): Promise<SubjectAccessResult> {
  const { customerId } = job.data;
  await job.progress(0, 1, 'Collecting the records');
  const { customer, entries } = await collect(deps.db, customerId, (d, t) =>
    job.progress(d, t, `Collected booking ${d} of ${t - 1}`),
  );
  const present: Entry[] = [];
  for (const e of entries) {
    if (!e.key) present.push(e);
    else if (await deps.files.stat(e.key)) present.push(e);
    else
      present.push({
        name: `${e.name}.missing.txt`,
        about: `${e.about} (the file is no longer kept)`,
        bytes: Buffer.from('The file is no longer kept.\n'),
      });
  }
  const now = deps.clock();
  const made = londonDateTime(now);
  const all = [
    ...present,
    { name: 'index.html', about: 'This page', bytes: indexPage(customer, present, made) },
  ];
  const zip = new yazl.ZipFile();
  const key = subjectAccessKey(customerId, job.id);
  const saved = deps.files.put(key, zip.outputStream as Readable);
  for (const e of all) {
    if (e.bytes) zip.addBuffer(e.bytes, e.name, { mtime: now, compress: true });
    else {
      const fileKey = e.key as string;
      zip.addReadStreamLazy(e.name, { mtime: now }, (cb) => {
        deps.files.open(fileKey).then(
          (opened) =>
            opened
              ? cb(null, opened.stream)
              : cb(new Error(`${e.name} was removed`), undefined as unknown as Readable),
          (err: Error) => cb(err, undefined as unknown as Readable),
        );
      });
    }
  }
  zip.end();
  const written = await saved;
  const due = ukDate(subjectAccessDue(londonToday(now)));
  const summary = `Subject access export ready: ${all.length} files, ${Math.ceil(written.size / 1024)} KB (a request received today is due by ${due}).`;
  await job.progress(1, 1, summary);
  return {
    summary,
    customer_id: customerId,
    filename: `subject-access-customer-${customerId}.zip`,
    entries: all.length,
    size: written.size,
  };
}
