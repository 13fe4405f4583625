import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Db, inTransaction, jobsBackendOf, openDatabase, queryRows } from '../../src/server/db/client';
import { createJobQueue } from '../../src/server/jobs/queue';
import { createMailer, type Mailer } from '../../src/server/mail/mailer';
import {
  createOutbox,
  enqueueEmail,
  OUTBOX_MAX_ATTEMPTS,
  type OutgoingEmail,
  outboxBackoffSeconds,
} from '../../src/server/mail/outbox';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent } from '../helpers/factories';

// The email outbox (issue #12 'Sent for real, never lost, never twice'): written in the caller's
// transaction, delivered after the commit by the pg-boss-driven worker as a real MIME message,
// retried with back-off, and delivered once even when two processes drain at the same time.
describe.each(testDbKinds)('email outbox on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const files = () => t.app.files;
  const row = async (id: number) =>
    (
      await queryRows<{
        status: string;
        attempts: number;
        last_error: string | null;
        eml_file: string | null;
        message_id: string | null;
        sent_at: string | null;
        due_in: number;
        attachments: { filename: string; file_key: string; content_type: string }[];
        history_id: number | null;
      }>(
        t.db,
        sql`select status, attempts, last_error, eml_file, message_id, sent_at, attachments, history_id,
                   round(extract(epoch from next_attempt_at - now()))::int as due_in
            from email_outbox where id = ${id}`,
      )
    )[0];
  const emlFiles = async (dir = t.dataDir) =>
    (await readdir(path.join(dir, 'outbox')).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  const message = (to: string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
    kind: 'test',
    to,
    subject: `Hello ${to}`,
    html: `<p>Dear ${to}</p>`,
    ...extra,
  });
  /** Waits until the row is no longer pending or sending (the worker's job), 10 s at most. */
  async function delivered(id: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const r = await row(id);
      if (r.status === 'sent' || r.status === 'failed') return r;
      if (Date.now() > deadline) throw new Error(`message ${id} still ${r.status}`);
      await new Promise((res) => setTimeout(res, 50));
    }
  }

  it('writes the message in the caller’s transaction: a rollback leaves no row and sends nothing', async () => {
    const before = (await emlFiles()).length;
    await expect(
      inTransaction(t.db, async (tx) => {
        await enqueueEmail(tx, files(), message('rolled.back@example.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from email_outbox where to_address = 'rolled.back@example.test'`,
    );
    expect(n).toBe(0);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(await emlFiles()).toHaveLength(before);
  });

  it('delivers after the commit (kicked worker) a valid MIME message with the attachments’ exact bytes', async () => {
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const csv = Buffer.from('ref,total\nTB1,£1,959.10\n', 'utf8');
    const stored = await files().save('booking-documents', csv, 'csv');
    const id = await inTransaction(t.db, (tx) =>
      enqueueEmail(
        tx,
        files(),
        message('Jo.Traveller@example.test', {
          subject: 'Your booking TB10023: travel documents',
          html: '<p>Dear Jo,</p><p>Your documents are attached — £1,959.10 paid.</p>',
          attachments: [
            { filename: 'Confirmation-TB10023.pdf', content: pdf },
            { filename: 'Totals.csv', file_key: stored },
          ],
        }),
      ),
    );
    expect((await row(id)).status).toBe('pending');
    // Not drained by the test: kick() wakes the pg-boss worker.
    t.app.outbox.kick();
    const sent = await delivered(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.sent_at).toBeTruthy();
    expect(sent.message_id).toMatch(/^<.+@.+>$/);
    expect(sent.attachments).toEqual([
      {
        filename: 'Confirmation-TB10023.pdf',
        file_key: expect.stringMatching(/^outbox\/[0-9a-f]{32}\.pdf$/),
        content_type: 'application/pdf',
      },
      { filename: 'Totals.csv', file_key: stored, content_type: 'text/csv' },
    ]);

    const parsed = await simpleParser(await readFile(sent.eml_file as string));
    expect(parsed.subject).toBe('Your booking TB10023: travel documents');
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '').toBe('Jo.Traveller@example.test');
    expect(parsed.html).toContain('Your documents are attached — £1,959.10 paid.');
    // The plain-text part is made from the HTML (mail/compose.ts), whoever sends.
    expect(parsed.text).toContain('Dear Jo,\n\nYour documents are attached — £1,959.10 paid.');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Confirmation-TB10023.pdf', 'application/pdf'],
      ['Totals.csv', 'text/csv'],
    ]);
    expect(parsed.attachments[0].content.equals(pdf)).toBe(true);
    expect(parsed.attachments[1].content.equals(csv)).toBe(true);
    // Delivered once: nothing left to drain.
    expect(await t.app.outbox.drain()).toBe(0);
  });

  it('an email the product sends (agent reset link) goes through the outbox with its kind', async () => {
    await createAgent(t.db, { email: 'desk@outbox-agency.test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents/password/reset-link',
      headers: bearer(t.adminToken),
      payload: { email: 'desk@outbox-agency.test' },
    });
    expect(res.statusCode).toBe(200);
    const [m] = await queryRows<{ id: number; kind: string; subject: string }>(
      t.db,
      sql`select id, kind, subject from email_outbox where to_address = 'desk@outbox-agency.test'`,
    );
    expect(m).toMatchObject({ kind: 'agent-password-reset', subject: 'Set your agent password' });
    expect((await delivered(m.id)).status).toBe('sent');
  });

  it('backs off after a failure, retries when due, delivers once; gives up after the last attempt', async () => {
    const real = createMailer(testConfig({ DATA_DIR: t.dataDir }));
    let failures = 1;
    const calls: string[] = [];
    const flaky: Mailer = {
      async send(m) {
        calls.push(m.to);
        if (m.to.startsWith('never') || failures-- > 0) throw new Error('421 Service not available');
        return real.send(m);
      },
    };
    // Its own worker on the same database (never started: only drain() runs it).
    const outbox = createOutbox({
      db: t.db,
      files: files(),
      mailer: flaky,
      jobs: createJobQueue(t.db, { log: () => {} }),
      log: () => {},
    });
    const id = await inTransaction(t.db, (tx) => enqueueEmail(tx, files(), message('retry.me@example.test')));
    expect(await outbox.drain()).toBe(0);
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 Service not available' });
    expect(r.due_in).toBeGreaterThanOrEqual(28);
    expect(r.due_in).toBeLessThanOrEqual(31);
    // Not due yet: nothing is tried.
    expect(await outbox.drain()).toBe(0);
    expect(calls).toEqual(['retry.me@example.test']);
    await t.db.execute(sql`update email_outbox set next_attempt_at = now() where id = ${id}`);
    expect(await outbox.drain()).toBe(1);
    r = await row(id);
    expect(r).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(calls).toEqual(['retry.me@example.test', 'retry.me@example.test']);
    expect(await outbox.drain()).toBe(0);

    expect([1, 2, 3, 8, 20].map(outboxBackoffSeconds)).toEqual([30, 60, 120, 3600, 3600]);
    const never = await inTransaction(t.db, (tx) =>
      enqueueEmail(tx, files(), message('never.works@example.test')),
    );
    for (let i = 1; i <= OUTBOX_MAX_ATTEMPTS; i++) {
      await t.db.execute(sql`update email_outbox set next_attempt_at = now() where id = ${never}`);
      expect(await outbox.drain()).toBe(0);
    }
    r = await row(never);
    expect(r).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    await t.db.execute(sql`update email_outbox set next_attempt_at = now() where id = ${never}`);
    expect(await outbox.drain()).toBe(0);
    expect(calls.filter((c) => c.startsWith('never'))).toHaveLength(OUTBOX_MAX_ATTEMPTS);
  });

  it('takes back a message whose claim ran out (the process died while sending)', async () => {
    const id = await inTransaction(t.db, (tx) => enqueueEmail(tx, files(), message('orphan@example.test')));
    await t.db.execute(
      sql`update email_outbox set status = 'sending', attempts = 1, locked_until = now() - interval '1 second' where id = ${id}`,
    );
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    // A live claim is left alone.
    const live = await inTransaction(t.db, (tx) => enqueueEmail(tx, files(), message('busy@example.test')));
    await t.db.execute(
      sql`update email_outbox set status = 'sending', attempts = 1, locked_until = now() + interval '1 minute' where id = ${live}`,
    );
    expect(await t.app.outbox.drain()).toBe(0);
    expect((await row(live)).status).toBe('sending');
  });

  it('two apps draining at the same time deliver each of 50 messages once', async () => {
    // On PostgreSQL the second app has its own pool, as a second process would.
    const backend = jobsBackendOf(t.db);
    const other =
      'connectionString' in backend
        ? await openDatabase({ url: backend.connectionString, poolSize: 5 })
        : null;
    const db2: Db = other?.db ?? t.db;
    const app2 = await buildApp({
      db: db2,
      config: testConfig({ DATA_DIR: t.dataDir }),
      webDir: '/nonexistent',
    });
    try {
      await t.app.outbox.drain();
      const before = new Set(await emlFiles());
      await inTransaction(t.db, async (tx) => {
        for (let i = 0; i < 50; i++)
          await enqueueEmail(tx, files(), message('same.person@example.test', { subject: `Message ${i}` }));
      });
      const [a, b] = await Promise.all([t.app.outbox.drain(), app2.outbox.drain()]);
      expect(a + b).toBe(50);
      const added = (await emlFiles()).filter((f) => !before.has(f));
      expect(added).toHaveLength(50);
      const subjects = await Promise.all(
        added.map(
          async (f) => (await simpleParser(await readFile(path.join(t.dataDir, 'outbox', f)))).subject,
        ),
      );
      expect(new Set(subjects).size).toBe(50);
      const [{ n }] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from email_outbox where to_address = 'same.person@example.test' and status = 'sent' and attempts = 1`,
      );
      expect(n).toBe(50);
    } finally {
      await app2.close();
      await other?.close();
    }
  });
});
