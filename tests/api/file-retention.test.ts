import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { cleanExpiredFiles, RETENTION_QUEUE } from '../../src/server/storage/retention';
import { RETENTION_DEFAULTS } from '../../src/shared/api/backups';
import { DOCUMENT_MESSAGES } from '../../src/shared/api/booking-documents';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Retention (issue #28): how long print copies, group documents and backups are kept — read by
// any staff, changed by role 1 on the DB Backups screen — and the daily clean-up on the job queue,
// run here with a clock moved on: expired files leave the store, a print copy's record stays and
// says 'File no longer kept'; 0 keeps files for ever.

const DAY = 86_400_000;

describe.each(testDbKinds)('file retention on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token = t.adminToken, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const clean = (daysLater: number) =>
    cleanExpiredFiles(
      { db: t.db, files: t.app.files, backupFiles: t.app.backupFiles },
      new Date(Date.now() + daysLater * DAY),
    );

  it('answers the defaults, lets role 1 change them and refuses role 2 and bad periods', async () => {
    const read = await call('GET', '/file-retention', t.accountantToken);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(RETENTION_DEFAULTS);
    const periods = { print_copies_days: '30', group_documents_days: 30, backups_days: 90 };
    expect((await call('POST', '/file-retention', t.accountantToken, periods)).statusCode).toBe(403);
    const bad = await call('POST', '/file-retention', t.adminToken, { ...periods, backups_days: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.backups_days).toEqual(['Backups must be at least 0.']);
    const saved = await call('POST', '/file-retention', t.adminToken, periods);
    expect(saved.json()).toMatchObject({ success: true, message: 'Retention periods saved.' });
    expect((await call('GET', '/file-retention')).json().data).toEqual({
      print_copies_days: 30,
      group_documents_days: 30,
      backups_days: 90,
    });
  });

  it('removes print copies, group documents and backups once past their periods', async () => {
    const { instance, group } = await createTourInstance(t.db, { departure_date: '2027-09-01' });
    const customer = await createCustomer(t.db);
    const booking = await createBooking(t.db, { customer_id: customer.id, instance });
    await t.db
      .insert(s.passengers)
      .values({ holiday_booking_id: booking.id, title: 'Mr', first_name: 'Alan', last_name: 'Turing' });
    const make = async (type: 'print' | 'download') =>
      (await call('GET', `/bookings/${booking.id}/documents/invoice?type=${type}`)).json().data
        .record_id as number;
    const downloadCopy = await make('download');
    const printCopy = await make('print');
    const printed = await call('POST', `/tours/groups/${group.id}/documents/pdf/print`, t.adminToken, {
      document: 'rooming',
      excludeCancellations: true,
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const groupFile = `/tours/groups/document/${printed.json().file}/download`;
    expect((await call('GET', groupFile)).statusCode).toBe(200);
    await t.app.backupFiles.put('project-20270101-000000.zip', Buffer.from('zip'));

    // Within every period nothing goes.
    expect(await clean(29)).toEqual({ printCopies: 0, groupDocuments: 0, backups: 0 });
    // A month on: the print copy and the group document; the download copy and the backup stay.
    expect(await clean(31)).toEqual({ printCopies: 1, groupDocuments: 1, backups: 0 });
    expect(await clean(31)).toEqual({ printCopies: 0, groupDocuments: 0, backups: 0 });

    const records = (await call('GET', `/bookings/${booking.id}/document-records`)).json().data;
    expect(records.find((r: { id: number }) => r.id === printCopy)).toMatchObject({ file_kept: false });
    expect(records.find((r: { id: number }) => r.id === downloadCopy)).toMatchObject({ file_kept: true });
    const gone = await call('GET', `/bookings/document-record/${printCopy}/download`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe(DOCUMENT_MESSAGES.fileNotKept);
    expect((await call('GET', `/bookings/document-record/${downloadCopy}/download`)).statusCode).toBe(200);
    // The newest PDF of the type is the one still kept.
    const newest = await call('GET', `/bookings/document/${booking.id}-invoice.pdf/download`);
    expect(newest.statusCode).toBe(200);
    expect((await call('GET', groupFile)).statusCode).toBe(404);
    const [row] = await queryRows<{ key: string; removed: boolean }>(
      t.db,
      sql`select file_key as key, file_removed_at is not null as removed from booking_document_records where id = ${printCopy}`,
    );
    expect(row.removed).toBe(true);
    expect(await t.app.files.stat(row.key)).toBeNull();

    // 0 keeps backups for ever; with 90 days they go after 90 days.
    await call('POST', '/file-retention', t.adminToken, {
      print_copies_days: 0,
      group_documents_days: 0,
      backups_days: 0,
    });
    expect(await clean(400)).toEqual({ printCopies: 0, groupDocuments: 0, backups: 0 });
    await call('POST', '/file-retention', t.adminToken, {
      print_copies_days: 30,
      group_documents_days: 30,
      backups_days: 90,
    });
    expect(await clean(91)).toEqual({ printCopies: 0, groupDocuments: 0, backups: 1 });
    expect((await call('POST', '/get-backups')).json().data).toEqual([]);
  });

  it('runs every day on the job queue', async () => {
    await t.app.jobs.startWorkers();
    const rows = await queryRows<{ name: string; cron: string }>(
      t.db,
      sql`select name, cron from pgboss.schedule where name = ${RETENTION_QUEUE}`,
    );
    expect(rows).toEqual([{ name: RETENTION_QUEUE, cron: '30 3 * * *' }]);
  });
});
