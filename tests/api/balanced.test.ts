import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { CUSTOMERS_MERGE_JOB } from '../../src/shared/api/customers-merging';
import type { JobAnswer } from '../../src/shared/api/jobs';
import {
  ADMIN,
  BALANCER_SOURCE,
  type Balanced,
  type BalancedAnswer,
  startBalanced,
} from '../helpers/balanced';
import { createAgent, createBookableInstance, createCustomer } from '../helpers/factories';

// Issue #28 (DESIGN.md §7, README 'Several processes behind a load balancer'): the server keeps no
// state between requests, so any number of processes serve one database behind a load balancer.
// Three processes of src/server/main.ts start at once on one PostgreSQL (migrations run once under
// a lock) behind Debian's HAProxy (tests/helpers/balanced.ts): round robin really spreads the
// requests; a token issued by one process works on the others and a logout on one ends it on all;
// what is written through one is read through the others; the last room and the last places are
// sold once; emails and background jobs run exactly once; and a process killed with SIGKILL under
// load loses no acknowledged write, is taken out by the health check, and is taken back in after a
// restart. The file parts (uploads, backups) are in balanced-files.test.ts.
// Runs when TEST_DATABASE_URL is set; without haproxy it fails, naming `apt-get install haproxy`.

const json = (a: BalancedAnswer) => a.body as Record<string, unknown> & { data?: unknown };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How many answers each process gave, by HAProxy's name. */
const tally = (answers: BalancedAnswer[]) => {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.backend ?? 'haproxy'] = (out[a.backend ?? 'haproxy'] ?? 0) + 1;
  return out;
};

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'three server processes behind HAProxy on one PostgreSQL',
  () => {
    let b: Balanced;
    let token: string;
    beforeAll(async () => {
      b = await startBalanced();
      token = (await b.signIn()).token;
    }, 240_000);
    afterAll(async () => {
      // SIGTERM stops each process cleanly (the one killed below runs again by then).
      if (b) expect(await b.close()).toEqual([0, 0, 0]);
    }, 60_000);

    it('spreads requests round robin over the three processes, HAProxy seeing each one UP', async () => {
      expect(await b.states()).toEqual({ app1: 'UP', app2: 'UP', app3: 'UP' });
      const answers: BalancedAnswer[] = [];
      for (let i = 0; i < 9; i++) answers.push(await b.call('GET', '/health'));
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
      expect(tally(answers)).toEqual({ app1: 3, app2: 3, app3: 3 });
      // Round robin: never the same process twice in a row.
      for (let i = 1; i < answers.length; i++) expect(answers[i].backend).not.toBe(answers[i - 1].backend);
    });

    it('accepts on every process a token issued by one, reads back through all what one wrote, and ends a session on all at a logout', async () => {
      const details = [];
      for (let i = 0; i < 3; i++) details.push(await b.call('POST', '/details', { token }));
      expect(details.map((d) => d.status)).toEqual([200, 200, 200]);
      expect(new Set(details.map((d) => d.backend))).toEqual(new Set(b.names));
      expect(details.map((d) => (json(d).data as { email: string }).email)).toEqual(
        Array(3).fill(ADMIN.email),
      );

      // A customer written through one process, read through each.
      const made = await b.call('POST', '/customers', {
        token,
        body: { first_name: 'Bala', last_name: 'Ncer', postcode: 'LS1 4AP', email: 'bala.ncer@example.test' },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const customerId = (json(made).data as { id: number }).id;
      const reads = [];
      for (let i = 0; i < 3; i++) reads.push(await b.call('GET', `/customers/${customerId}`, { token }));
      expect(new Set(reads.map((r) => r.backend))).toEqual(new Set(b.names));
      for (const r of reads) {
        expect(r.status).toBe(200);
        expect(json(r).data).toMatchObject({ id: customerId, full_name: 'Bala Ncer', postcode: 'LS1 4AP' });
      }

      // A booking made through the API, read through each process.
      const inst = await createBookableInstance(b.db, { rooms: 5 });
      const booked = await b.call('POST', '/bookings', {
        token,
        body: {
          customer_id: customerId,
          tour_bookings: [
            {
              tour_id: inst.tour.id,
              tour_instance_id: inst.instance.id,
              tour_room_id: inst.tourRoom.id,
              guests: 2,
              rooms: 1,
            },
          ],
        },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      const bookingId = (json(booked).data as { id: number }).id;
      const bookings = [];
      for (let i = 0; i < 3; i++) bookings.push(await b.call('GET', `/bookings/${bookingId}`, { token }));
      expect(new Set(bookings.map((r) => r.backend))).toEqual(new Set(b.names));
      for (const r of bookings) {
        expect(r.status).toBe(200);
        const [booking] = (json(r).data as { booking: { id: number; customer_id: number }[] }).booking;
        expect(booking).toMatchObject({ id: bookingId, customer_id: customerId });
      }

      // A second session, ended through the balancer: no process accepts it any more.
      const other = await b.signIn();
      expect((await b.call('POST', '/logout', { token: other.token })).status).toBe(200);
      for (const p of b.processes) {
        const res = await fetch(`${p?.url}/api/details`, {
          method: 'POST',
          headers: { authorization: `Bearer ${other.token}` },
        });
        expect(res.status).toBe(401);
      }
    });

    /** Sends the same booking `n` times at once through the balancer; answers every answer. */
    const raceBookings = (n: number, booking: object) =>
      Promise.all(Array.from({ length: n }, () => b.call('POST', '/bookings', { token, body: booking })));

    it('sells the last room once when 50 attempts arrive at once, spread over the three processes', async () => {
      const customer = await createCustomer(b.db);
      const inst = await createBookableInstance(b.db, { rooms: 1 });
      const answers = await raceBookings(50, {
        customer_id: customer.id,
        tour_bookings: [
          {
            tour_id: inst.tour.id,
            tour_instance_id: inst.instance.id,
            tour_room_id: inst.tourRoom.id,
            guests: 2,
            rooms: 1,
          },
        ],
      });
      expect(new Set(answers.map((a) => a.backend))).toEqual(new Set(b.names));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
      const nights = await queryRows<{ r: number }>(
        b.db,
        sql`select remaining_availability as r from room_availability where accommodation_room_id = ${inst.room.id}`,
      );
      expect(nights.map((n) => n.r)).toEqual([0, 0, 0, 0]);
    });

    it('sells exactly the places left when 40 one-guest bookings of a 9-place departure arrive at the three processes', async () => {
      const customer = await createCustomer(b.db);
      const inst = await createBookableInstance(b.db, { rooms: 50 });
      await b.db.execute(sql`update tour_instances set tour_places = 9 where id = ${inst.instance.id}`);
      const answers = await raceBookings(40, {
        customer_id: customer.id,
        tour_bookings: [
          {
            tour_id: inst.tour.id,
            tour_instance_id: inst.instance.id,
            tour_room_id: inst.tourRoom.id,
            guests: 1,
            rooms: 1,
          },
        ],
      });
      expect(new Set(answers.map((a) => a.backend))).toEqual(new Set(b.names));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(9);
      const refused = answers.filter((a) => a.status === 409);
      expect(refused).toHaveLength(31);
      expect(json(refused[0]).message).toBe(
        `Sorry, ${inst.tour.name} departing 01/06/2027 is full: no places are left. Nothing was booked.`,
      );
      const [{ guests }] = await queryRows<{ guests: number }>(
        b.db,
        sql`select coalesce(sum(guests), 0)::int as guests from tour_bookings where tour_instance_id = ${inst.instance.id}`,
      );
      expect(guests).toBe(9);
      // Every room taken is held, as Unconfirmed (the bookings are pending): the nights add up.
      const nights = await queryRows<{ a: number; r: number; c: number; u: number }>(
        b.db,
        sql`select availability as a, remaining_availability as r, confirmed_locked_availability as c,
                 locked_availability as u
          from room_availability where accommodation_room_id = ${inst.room.id}`,
      );
      expect(nights.map((n) => [n.a, n.r, n.c, n.u])).toEqual(Array(4).fill([50, 41, 0, 9]));
    });

    it("counts a failed sign-in against the client's address that the balancer forwards (TRUST_PROXY), never a client's own X-Forwarded-For", async () => {
      const email = 'nobody.balanced@test.test';
      const wrong = await b.call('POST', '/login', {
        body: { email, password: 'not-the-password-1' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(wrong.status).toBe(401);
      const rows = await queryRows<{ ip: string }>(
        b.db,
        sql`select ip from login_failures where email = ${email}`,
      );
      // The processes see the balancer at 127.0.0.2 (TRUST_PROXY); it forwards the client's
      // 127.0.0.1, and the address the client claimed is not believed (127.0.0.1 is no trusted proxy).
      expect(BALANCER_SOURCE).toBe('127.0.0.2');
      expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1']);
    });

    it('delivers each email once and runs each background job once across the three processes', async () => {
      // Six reset-link emails (the outbox, written in the request's transaction), two per process.
      const emails = Array.from({ length: 6 }, (_, i) => `agent${i + 1}.balanced@example.test`);
      for (const email of emails) await createAgent(b.db, { email });
      const sent = [];
      for (const email of emails)
        sent.push(await b.call('POST', '/agents/password/reset-link', { token, body: { email } }));
      expect(sent.map((s) => s.status)).toEqual(Array(6).fill(200));
      expect(tally(sent)).toEqual({ app1: 2, app2: 2, app3: 2 });

      type OutboxRow = { to_address: string; status: string; attempts: number; eml_file: string | null };
      let rows: OutboxRow[] = [];
      const deadline = Date.now() + 30_000;
      do {
        await sleep(200);
        rows = await queryRows<OutboxRow>(
          b.db,
          sql`select to_address, status, attempts, eml_file from email_outbox
            where kind = 'agent-password-reset' order by to_address`,
        );
      } while (rows.some((r) => r.status !== 'sent') && Date.now() < deadline);
      expect(rows.map((r) => [r.to_address, r.status, r.attempts])).toEqual(
        [...emails].sort().map((e) => [e, 'sent', 1]),
      );
      // One .eml per message across the three DATA_DIRs (a second delivery would write a second).
      const files: { dir: string; to: string }[] = [];
      for (const dir of b.dataDirs) {
        const outbox = path.join(dir, 'outbox');
        for (const f of (await readdir(outbox).catch(() => [] as string[])).filter((n) =>
          n.endsWith('.eml'),
        )) {
          const raw = await readFile(path.join(outbox, f), 'utf8');
          files.push({ dir, to: /^To: (.*)$/im.exec(raw)?.[1].trim() ?? '' });
        }
      }
      expect(files.map((f) => f.to).sort()).toEqual([...emails].sort());
      expect(new Set(rows.map((r) => r.eml_file)).size).toBe(6);

      // Three duplicate-merging jobs (the 'Run Duplicate Script' of three emails), started through
      // three processes; whichever process takes each runs it once.
      const groups = [2, 3, 4].map((size, g) => ({ email: `dupe${g + 1}.balanced@example.test`, size }));
      for (const { email, size } of groups) {
        for (let i = 0; i < size; i++) {
          await createCustomer(b.db, {
            email,
            first_name: 'Dee',
            last_name: `Dupe${size}`,
            postcode: 'YO1 7HH',
          });
        }
      }
      const starts = [];
      for (const { email } of groups)
        starts.push(
          await b.call('POST', '/customers-merging/merge-customers-script', { token, body: { email } }),
        );
      expect(starts.map((s) => s.status)).toEqual([200, 200, 200]);
      expect(new Set(starts.map((s) => s.backend))).toEqual(new Set(b.names));
      const jobIds = starts.map((s) => json(s).job_id as number);
      const jobs: JobAnswer[] = [];
      for (const id of jobIds) {
        const until = Date.now() + 30_000;
        let job: JobAnswer;
        for (;;) {
          job = json(await b.call('GET', `/jobs/${id}`, { token })) as unknown as JobAnswer;
          if (job.status === 'done' || job.status === 'failed' || Date.now() > until) break;
          await sleep(100);
        }
        jobs.push(job);
      }
      expect(jobs.map((j) => j.status)).toEqual(['done', 'done', 'done']);
      expect(jobs.map((j) => j.result)).toEqual(
        groups.map((g) => expect.objectContaining({ groups: 1, customers_removed: g.size - 1, skipped: [] })),
      );
      for (const { email } of groups) {
        const [{ n }] = await queryRows<{ n: number }>(
          b.db,
          sql`select count(*)::int as n from customers where email = ${email}`,
        );
        expect(n).toBe(1);
      }
      // pg-boss handed each job to one worker once: one queue job per background job, completed,
      // never retried.
      const queued = await queryRows<{ job_id: number; state: string; retry_count: number }>(
        b.db,
        sql`select (data->>'jobId')::int as job_id, state::text as state, retry_count
          from pgboss.job where name = ${CUSTOMERS_MERGE_JOB} order by 1`,
      );
      expect(queued).toEqual(jobIds.map((id) => ({ job_id: id, state: 'completed', retry_count: 0 })));
    });

    it('loses no acknowledged write when a process is killed under load; HAProxy takes it out, and back in after a restart', async () => {
      const inst = await createBookableInstance(b.db, { rooms: 500 });
      const customer = await createCustomer(b.db);
      const run = `K${Date.now()}`;
      const TOTAL = 200;
      const CLIENTS = 8;
      const KILL_AFTER = 40;
      const victim = 1;
      const victimName = b.names[victim];

      type Outcome = {
        i: number;
        kind: 'customer' | 'booking';
        startedAt: number;
        status: number | null;
        backend: string | null;
        id: number | null;
        error?: string;
      };
      const outcomes: Outcome[] = [];
      let nextWrite = 0;
      let acked = 0;
      let killedAt = 0;

      /** One write: even i a customer, odd i a one-room booking; records what came back. */
      const write = async (i: number) => {
        const kind = i % 2 ? 'booking' : 'customer';
        const body =
          kind === 'customer'
            ? { first_name: 'Load', last_name: `${run}-${i}` }
            : {
                customer_id: customer.id,
                tour_bookings: [
                  {
                    tour_id: inst.tour.id,
                    tour_instance_id: inst.instance.id,
                    tour_room_id: inst.tourRoom.id,
                    guests: 1,
                    rooms: 1,
                  },
                ],
              };
        const startedAt = Date.now();
        try {
          const a = await b.call('POST', kind === 'customer' ? '/customers' : '/bookings', { token, body });
          const ok = a.status >= 200 && a.status < 300;
          if (ok) acked += 1;
          outcomes.push({
            i,
            kind,
            startedAt,
            status: a.status,
            backend: a.backend,
            id: ok ? (json(a).data as { id: number }).id : null,
          });
        } catch (err) {
          // fetch's own TypeError names the socket's failure in its cause (e.g. 'other side closed').
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          const error = `${err}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
          outcomes.push({ i, kind, startedAt, status: null, backend: null, id: null, error });
        }
      };
      const client = async () => {
        for (let i = nextWrite++; i < TOTAL; i = nextWrite++) await write(i);
      };
      const killer = async () => {
        while (acked < KILL_AFTER) await sleep(5);
        killedAt = Date.now();
        await b.kill(victim);
        return b.waitForState(victimName, 'DOWN');
      };
      const [downAt] = await Promise.all([killer(), ...Array.from({ length: CLIENTS }, client)]);

      // Every acknowledged write is in the database.
      const ackedCustomers = outcomes.filter((o) => o.kind === 'customer' && o.id !== null).map((o) => o.id);
      const ackedBookings = outcomes.filter((o) => o.kind === 'booking' && o.id !== null).map((o) => o.id);
      const storedCustomers = await queryRows<{ id: number; last_name: string }>(
        b.db,
        sql`select id, last_name from customers where last_name like ${`${run}-%`}`,
      );
      const storedBookings = await queryRows<{ id: number }>(
        b.db,
        sql`select holiday_booking_id as id from tour_bookings where tour_instance_id = ${inst.instance.id}`,
      );
      const customerIds = new Set(storedCustomers.map((r) => r.id));
      const bookingIds = new Set(storedBookings.map((r) => r.id));
      expect(ackedCustomers.filter((id) => !customerIds.has(id as number))).toEqual([]);
      expect(ackedBookings.filter((id) => !bookingIds.has(id as number))).toEqual([]);
      // Each acknowledged customer is the one its request sent.
      const byId = new Map(storedCustomers.map((r) => [r.id, r.last_name]));
      for (const o of outcomes.filter((x) => x.kind === 'customer' && x.id !== null))
        expect(byId.get(o.id as number)).toBe(`${run}-${o.i}`);
      // Nothing is stored twice; at most the unanswered writes are stored without an answer.
      const failures = outcomes.filter((o) => o.id === null);
      expect(storedCustomers.length + storedBookings.length).toBeLessThanOrEqual(TOTAL);
      expect(storedCustomers.length + storedBookings.length - acked).toBeLessThanOrEqual(failures.length);

      // The only failures are the balancer's (502/503/504, or a dropped connection), and only around
      // the kill: every write sent once HAProxy had marked the process down succeeded.
      expect(outcomes).toHaveLength(TOTAL);
      for (const f of failures) {
        expect(f.status === null || [502, 503, 504].includes(f.status), JSON.stringify(f)).toBe(true);
        expect(f.backend, JSON.stringify(f)).toBeNull();
        expect(f.startedAt, JSON.stringify(f)).toBeLessThan(downAt);
      }
      expect(outcomes.filter((o) => o.startedAt > downAt && o.backend === victimName)).toEqual([]);
      console.info(
        `[balanced] ${TOTAL} writes from ${CLIENTS} clients: ${acked} acknowledged, ${failures.length} failed ` +
          `(${failures.map((f) => f.status ?? f.error).join(', ') || 'none'}); ${victimName} killed after ` +
          `${KILL_AFTER} acknowledgements, marked DOWN ${downAt - killedAt} ms later; ` +
          `${outcomes.filter((o) => o.startedAt > downAt).length} writes sent after that, all answered 2xx`,
      );

      // Once it is down, every request succeeds on the other two.
      const after = [];
      for (let i = 0; i < 12; i++) after.push(await b.call('POST', '/details', { token }));
      expect(after.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(Object.keys(tally(after))).not.toContain(victimName);
      expect((await b.states())[victimName]).toBe('DOWN');

      // Restarted on its port, the health check takes it back in and it answers again. (Not an equal
      // share at once: HAProxy's round robin places a server that comes back by its own rule, and
      // runs were seen where a survivor missed a turn for several requests.)
      await b.restart(victim);
      await b.waitForState(victimName, 'UP');
      const back: Awaited<ReturnType<typeof b.call>>[] = [];
      for (let i = 0; i < 12 && !back.some((a) => a.backend === victimName); i++)
        back.push(await b.call('POST', '/details', { token }));
      expect(back.map((a) => a.status)).toEqual(Array(back.length).fill(200));
      expect(Object.keys(tally(back)), JSON.stringify(await b.states())).toContain(victimName);
    }, 120_000);
  },
);
