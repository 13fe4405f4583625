import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { createStaffUser } from '../../src/server/users/service';
import type { JobAnswer } from '../../src/shared/api/jobs';
import { bearer, signIn, testConfig } from '../helpers/app';
import { createTestDatabase } from '../helpers/db';
import { createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Issue #28, the bug: a file saved by one machine was 'File not found' on the other. Two app
// instances on one PostgreSQL database, each with its own DATA_DIR (two machines): what one
// stores — an uploaded invoice PDF, a generated booking document, a group document, a backup — the
// other lists and downloads byte for byte, and neither DATA_DIR holds a file store.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function multipart(
  fields: Record<string, string>,
  file: { field: string; name: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new Blob([new Uint8Array(file.data)], { type: 'application/pdf' }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
  };
}

function zipEntries(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (e2, stream) => {
          if (e2 || !stream) return reject(e2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two app instances on one PostgreSQL share every file',
  () => {
    let db: Db;
    let drop: () => Promise<void>;
    const dirs: string[] = [];
    let a: FastifyInstance;
    let b: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      const database = await createTestDatabase('postgres');
      db = database.db;
      drop = database.drop;
      const app = async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'two-machines-'));
        dirs.push(dir);
        return buildApp({ db, config: testConfig({ DATA_DIR: dir }), webDir: '/nonexistent' });
      };
      [a, b] = [await app(), await app()];
      await createStaffUser(db, {
        name: 'Admin',
        email: 'admin@test.test',
        password: 'admin-pass-1',
        role: 1,
      });
      token = await signIn(a, 'admin@test.test', 'admin-pass-1');
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await drop?.();
      for (const d of dirs) await rm(d, { recursive: true, force: true });
    });

    const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

    it('an invoice PDF uploaded through one is downloaded through the other', async () => {
      const supplier = (await call(a, 'POST', '/suppliers', { supplier_name: 'Hotel Alpenrose' })).json().data
        .id;
      const body = await multipart(
        {
          invoice_for: 'supplier',
          currency_type: 'Sterling',
          invoice_number: 'ALP-1',
          invoice_date: '2027-05-02',
          invoice_due_date: '2027-06-30',
          invoice_amount: '100.00',
        },
        { field: 'payment_invoice_file', name: 'Alpenrose.pdf', data: PDF },
      );
      const added = await a.inject({
        method: 'POST',
        url: `/api/suppliers/${supplier}/handle-invoices`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(added.statusCode, added.body).toBe(200);
      const file = await call(b, 'GET', `/invoices/${added.json().data.id}/download`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
      expect(file.headers['content-disposition']).toContain('Alpenrose.pdf');
    });

    it('a booking document generated by one is downloaded through the other', async () => {
      const { instance } = await createTourInstance(db, { departure_date: '2027-09-01' });
      const customer = await createCustomer(db);
      const booking = await createBooking(db, { customer_id: customer.id, instance });
      await db
        .insert(s.passengers)
        .values({ holiday_booking_id: booking.id, title: 'Mr', first_name: 'Alan', last_name: 'Turing' });
      const made = await call(a, 'GET', `/bookings/${booking.id}/documents/invoice?type=download`);
      expect(made.statusCode, made.body).toBe(200);
      const onA = await call(a, 'GET', `/bookings/document-record/${made.json().data.record_id}/download`);
      const onB = await call(b, 'GET', `/bookings/document-record/${made.json().data.record_id}/download`);
      expect(onB.statusCode, onB.body).toBe(200);
      expect(onB.headers['content-type']).toBe('application/pdf');
      expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
      const newest = await call(b, 'GET', `/bookings/document/${booking.id}-invoice.pdf/download`);
      expect(newest.rawPayload.equals(onA.rawPayload)).toBe(true);
    });

    it('a group document printed on one is fetched from the other', async () => {
      const { group } = await createTourInstance(db, { departure_date: '2027-10-01' });
      const printed = await call(a, 'POST', `/tours/groups/${group.id}/documents/pdf/print`, {
        document: 'rooming',
        excludeCancellations: true,
        name: 'Rooms',
      });
      expect(printed.statusCode, printed.body).toBe(200);
      const file = await call(b, 'GET', `/tours/groups/document/${printed.json().file}/download?name=Rooms`);
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    it('a backup made on one is listed and downloaded on the other; no DATA_DIR holds a file', async () => {
      const started = await call(a, 'POST', '/create-backups', {
        backup_type: 'project',
        backup_folders: ['files/invoices'],
      });
      expect(started.statusCode, started.body).toBe(200);
      let job: JobAnswer | null = null;
      for (let i = 0; i < 300 && !(job && ['done', 'failed'].includes(job.status)); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await call(b, 'GET', `/jobs/${started.json().job_id}`)).json() as JobAnswer;
      }
      expect(job?.status, job?.error ?? '').toBe('done');

      const list = (await call(b, 'POST', '/get-backups')).json();
      expect(list.data).toHaveLength(1);
      expect(list.disk_free).toBeNull();
      expect(list.folders.find((f: { name: string }) => f.name === 'files/invoices').size).toBe(PDF.length);
      const download = await call(b, 'POST', `/download-backup?id=${list.data[0].id}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBe(list.data[0].backup_size);
      const entries = await zipEntries(download.rawPayload);
      expect([...entries.keys()]).toEqual([expect.stringMatching(/^files\/invoices\/[0-9a-f]{32}\.pdf$/)]);
      expect([...entries.values()][0].equals(PDF)).toBe(true);

      expect((await call(b, 'POST', '/delete-backup', { backup_id: list.data[0].id })).statusCode).toBe(200);
      expect((await call(a, 'POST', '/get-backups')).json().data).toEqual([]);
      for (const dir of dirs) {
        expect(existsSync(path.join(dir, 'files'))).toBe(false);
        expect(existsSync(path.join(dir, 'backups'))).toBe(false);
      }
    });
  },
);
