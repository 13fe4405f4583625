import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import type { OutboxAttachment } from '../db/schema/documents';
import { loadLetterhead } from '../documents/letterhead';
import type { JobRunner } from '../jobs/queue';
import type { FileStore } from '../storage/files';
import { composeEmail } from './compose';
import type { Mailer } from './mailer';

/**
 * The email outbox (issue #12 'Sent for real, never lost, never twice').
 *
 * 1. `enqueueEmail(tx, files, m)` writes the rendered message into `email_outbox` in the caller's
 *    transaction (attachment bytes go to the FileStore first, under 'outbox/…'); a rollback leaves
 *    no row, so nothing is sent for a change that did not happen.
 * 2. After the commit the caller calls `outbox.kick()`: a job on pg-boss's 'email-outbox' queue
 *    wakes a worker, which drains the outbox. The same queue is swept when the workers start and
 *    every minute (pg-boss schedule), so a message committed just before a crash, or one waiting for
 *    its retry, is delivered by whichever process runs next.
 * 3. Delivery claims one message at a time atomically (`for update skip locked`: status 'sending',
 *    locked for 2 minutes, attempts + 1), sends it through the Mailer (SMTP_URL, else a `.eml` file in
 *    DATA_DIR/outbox), then marks it 'sent' (sent_at, message_id, eml_file). A failure goes back to
 *    'pending' after 30 s × 2^(attempts − 1) (at most an hour) with `last_error`; after 8 attempts it
 *    is 'failed'. A claim whose process died is taken again once its lock has run out. So with any
 *    number of processes each message is delivered once (a crash between the send and the mark is
 *    the one case that can send twice).
 */

/** A message to send. Attachments are bytes (stored to the FileStore on enqueue) or an already stored file_key. */
export interface OutgoingEmail {
  /** What sends it: 'agent-password-reset', 'booking-update', 'travel-documents', … */
  kind: string;
  to: string;
  subject: string;
  /**
   * The body as HTML (a fragment, or a whole `emailDocument`). `enqueueEmail` adds the company
   * footer and makes the plain-text part from it (mail/compose.ts): senders write neither.
   */
  html: string;
  attachments?: (
    | { filename: string; content: Buffer; contentType?: string }
    | { filename: string; file_key: string; contentType?: string }
  )[];
  bookingId?: number;
  /** The booking history entry written in the same transaction (its attachments are listed there). */
  historyId?: number;
  createdBy?: number | null;
}

/** The delivery side of the outbox. */
export interface Outbox {
  /** Wakes the worker after a commit (never throws, returns at once). */
  kick(): void;
  /** Delivers everything due now through the same claim as the worker; answers how many were sent (tests, bench). */
  drain(): Promise<number>;
  /**
   * The public address links in emails start with (config.appUrl, never a request's host): for
   * senders below the areas that have no config, such as the ATOL certificate's email.
   */
  readonly appUrl?: string;
}

/** The pg-boss queue that drives delivery. */
export const OUTBOX_QUEUE = 'email-outbox';
/** Attempts before a message is marked failed. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long a claim holds a message before another worker may take it again (the process died). */
const CLAIM_SECONDS = 120;
/** Back-off after a failed attempt n (1-based): 30 s × 2^(n − 1), at most an hour. */
export const outboxBackoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain',
  html: 'text/html',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const extensionOf = (filename: string) => path.extname(filename).slice(1).toLowerCase();
const contentTypeOf = (filename: string) =>
  CONTENT_TYPES[extensionOf(filename)] ?? 'application/octet-stream';

/**
 * Writes the message into email_outbox inside the caller's transaction (attachment bytes go to the
 * FileStore first): every message, whoever sends it, gets the company footer and a plain-text part
 * here (`composeEmail`, issue #22). `holdUntilSeconds`: the message waits that long before it is
 * due (an ATOL certificate waiting for the email about its change, areas/bookings/documents/atol.ts). Delivery
 * happens after commit (call `deps.outbox.kick()`). Answers the outbox id.
 */
export async function enqueueEmail(
  tx: Db,
  files: FileStore,
  m: OutgoingEmail,
  opts: { holdSeconds?: number } = {},
): Promise<number> {
  const { html, text } = composeEmail(await loadLetterhead(tx), m.html);
  const attachments: OutboxAttachment[] = [];
  for (const a of m.attachments ?? []) {
    const file_key =
      'content' in a ? await files.save('outbox', a.content, extensionOf(a.filename)) : a.file_key;
    attachments.push({
      filename: a.filename,
      file_key,
      content_type: a.contentType ?? contentTypeOf(a.filename),
    });
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into email_outbox (kind, to_address, subject, html, text, attachments, holiday_booking_id, history_id,
                                  created_by, next_attempt_at)
        values (${m.kind}, ${m.to}, ${m.subject}, ${html}, ${text}, ${JSON.stringify(attachments)}::jsonb,
                ${m.bookingId ?? null}, ${m.historyId ?? null}, ${m.createdBy ?? null},
                now() + make_interval(secs => ${opts.holdSeconds ?? 0}))
        returning id`,
  );
  return row.id;
}

interface ClaimedMessage {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string | null;
  attachments: OutboxAttachment[];
  attempts: number;
}

/** The outbox as the app holds it: kick and drain, plus waiting for this process's deliveries. */
export interface OutboxRunner extends Outbox {
  /** Resolves when no delivery of this process is under way (the app's onClose waits for it). */
  idle(): Promise<void>;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The outbox's delivery worker: defines the 'email-outbox' system queue on `jobs` (kicked after a
 * commit, swept on start and every minute) whose handler drains the outbox through `mailer`.
 */
export function createOutbox(deps: {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  jobs: JobRunner;
  log?: (message: string, err?: unknown) => void;
  /** config.appUrl: see `Outbox.appUrl`. */
  appUrl?: string;
}): OutboxRunner {
  const { db, files, mailer, jobs } = deps;
  const log = deps.log ?? ((m: string, e?: unknown) => console.error(`[outbox] ${m}`, e ?? ''));
  const inflight = new Set<Promise<unknown>>();

  /** Claims the next due message (or one whose claim ran out) for this worker; null when none. */
  async function claim(): Promise<ClaimedMessage | null> {
    const [row] = await queryRows<ClaimedMessage>(
      db,
      sql`update email_outbox
          set status = 'sending', locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
              attempts = attempts + 1, updated_at = now()
          where id = (
            select id from email_outbox
            where (status = 'pending' and next_attempt_at <= now())
               or (status = 'sending' and locked_until < now())
            order by id
            for update skip locked
            limit 1)
          returning id, to_address, subject, html, text, attachments, attempts`,
    );
    return row ?? null;
  }

  async function send(m: ClaimedMessage): Promise<boolean> {
    try {
      const attachments = [];
      for (const a of m.attachments ?? []) {
        const opened = await files.open(a.file_key);
        if (!opened)
          throw new Error(`Attachment ${a.filename} is missing from the file store (${a.file_key}).`);
        attachments.push({
          filename: a.filename,
          content: await readAll(opened.stream),
          contentType: a.content_type,
        });
      }
      const sent = await mailer.send({
        to: m.to_address,
        subject: m.subject,
        html: m.html,
        ...(m.text !== null ? { text: m.text } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
      await db.execute(
        sql`update email_outbox set status = 'sent', sent_at = now(), message_id = ${sent.id},
               eml_file = ${sent.file ?? null}, locked_until = null, last_error = null, updated_at = now()
            where id = ${m.id}`,
      );
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = m.attempts >= OUTBOX_MAX_ATTEMPTS;
      log(
        `message ${m.id} to ${m.to_address}: attempt ${m.attempts} failed${giveUp ? ', giving up' : ''}`,
        err,
      );
      await db.execute(
        sql`update email_outbox set status = ${giveUp ? 'failed' : 'pending'},
               next_attempt_at = now() + make_interval(secs => ${outboxBackoffSeconds(m.attempts)}),
               last_error = ${message.slice(0, 2000)}, locked_until = null, updated_at = now()
            where id = ${m.id}`,
      );
      return false;
    }
  }

  /** Claims and delivers one message: 'none' when nothing is due, else whether it was sent. */
  function deliverNext(): Promise<'none' | 'sent' | 'retry'> {
    const p = (async () => {
      const m = await claim();
      if (!m) return 'none' as const;
      return (await send(m)) ? ('sent' as const) : ('retry' as const);
    })();
    inflight.add(p);
    void p.finally(() => inflight.delete(p)).catch(() => {});
    return p;
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const r = await deliverNext();
      if (r === 'none') break;
      if (r === 'sent') sent++;
    }
    // Deliveries this process had already claimed (the worker's) finish before the drain answers.
    await Promise.allSettled([...inflight]);
    return sent;
  }

  jobs.defineSystem(
    OUTBOX_QUEUE,
    async () => {
      await drain();
    },
    { cron: '* * * * *', onStart: true },
  );

  return {
    appUrl: deps.appUrl,
    kick: () => jobs.kick(OUTBOX_QUEUE),
    drain,
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
  };
}
