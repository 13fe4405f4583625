import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { runPaymentReminders } from '../../src/server/areas/payment-reminders/service';
import { type Database, type Db, openDatabase, queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { createStaffUser } from '../../src/server/users/service';
import { depositAmount } from '../../src/shared/booking-totals';
import { addDays } from '../../src/shared/dates';
import { dueReminder, type ReminderRule, type SentReminder } from '../../src/shared/payment-reminders';
import { paymentSchedule } from '../../src/shared/payment-schedule';
import { bearer, signIn, testConfig } from '../helpers/app';
import { createTestDatabase, testDbKinds } from '../helpers/db';
import { createAgent, createTourInstance } from '../helpers/factories';

// Issue #26: payment reminders that stop when paid. A 60-day simulation of a hundred bookings sends
// exactly what the rules say (worked out here day by day with the pure rule), none to paid,
// cancelled, in-credit, paused or address-less bookings, none twice — with two apps (two
// processes' pools on PostgreSQL) running the same day at once, and after a crash mid-run.

const DAY0 = '2027-01-04';
const TOTAL = '1000.00';
const DEPOSIT_PER_GUEST = '100.00'; // × 2 guests = £200.00 deposit

type Category =
  | 'owing'
  | 'paid'
  | 'cancelled'
  | 'credit'
  | 'paused'
  | 'no-address'
  | 'agent'
  | 'part-paid'
  | 'pays-day-20';
const categoryOf = (i: number): Category =>
  (
    [
      'paid',
      'cancelled',
      'credit',
      i === 3 ? 'paused' : 'owing',
      'no-address',
      'agent',
      'part-paid',
      'pays-day-20',
      'owing',
      'owing',
    ] as const
  )[i % 10];

interface SimBooking {
  id: number;
  i: number;
  category: Category;
  balance_due: string;
  deposit_due: string | null;
  paid: string;
}

describe.each(testDbKinds)('payment reminders on %s', (kind) => {
  let database: Database & { url?: string; drop(): Promise<void> };
  let second: Database | null = null;
  let app: FastifyInstance;
  let app2: FastifyInstance;
  let db: Db;
  let db2: Db;
  let dirs: string[] = [];
  let adminToken: string;
  let accountantToken: string;
  let adminId: number;
  let now = new Date(`${DAY0}T09:00:00Z`);
  const clock = () => now;
  const deps = (a: FastifyInstance) => ({
    files: a.files,
    outbox: a.outbox,
    config: { appUrl: 'https://office.test' },
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    // A second app on its own pool of the same database: two server processes (one PGlite instance
    // can only be shared, so there both apps use it).
    if (database.url) second = await openDatabase({ url: database.url, poolSize: 6 });
    db2 = second?.db ?? db;
    dirs = [
      await mkdtemp(path.join(tmpdir(), 'reminders-a-')),
      await mkdtemp(path.join(tmpdir(), 'reminders-b-')),
    ];
    app = await buildApp({ db, config: testConfig({ DATA_DIR: dirs[0] }), webDir: '/nonexistent', clock });
    app2 = await buildApp({
      db: db2,
      config: testConfig({ DATA_DIR: dirs[1] }),
      webDir: '/nonexistent',
      clock,
    });
    adminId = (await createStaffUser(db, {
      name: 'Test Admin',
      email: 'admin@test.test',
      password: 'admin-pass-1',
      role: 1,
    })) as number;
    await createStaffUser(db, {
      name: 'Test Accountant',
      email: 'accounts@test.test',
      password: 'accounts-pass-1',
      role: 2,
    });
    adminToken = await signIn(app, 'admin@test.test', 'admin-pass-1');
    accountantToken = await signIn(app, 'accounts@test.test', 'accounts-pass-1');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await app2?.close();
    await second?.close();
    await database?.drop();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  async function rules(): Promise<ReminderRule[]> {
    return queryRows<ReminderRule>(
      db,
      sql`select id, kind, days, repeat_every_days, max_times, active from payment_reminder_rules
          where active order by sort, id`,
    );
  }

  /**
   * Bookings with one tour line (deposit £100 a guest, 2 guests) when they have a deposit stage,
   * else none; total £1,000.00; figures stored as the ledger would have stored them.
   */
  async function makeBookings(
    n: number,
    spec: (i: number) => { balance_due: string; deposit_due: string | null; category: Category },
  ): Promise<SimBooking[]> {
    const { instance } = await createTourInstance(db, { departure_date: '2027-09-01' });
    await db.execute(
      sql`update tour_instances set deposit_price = ${DEPOSIT_PER_GUEST} where id = ${instance.id}`,
    );
    const agent = await createAgent(db, { email: 'agency@example.test' });
    const specs = Array.from({ length: n }, (_, i) => ({ i, ...spec(i) }));
    const customers = await db
      .insert(s.customers)
      .values(
        specs.map(({ i, category }) => ({
          first_name: `Payer${i}`,
          last_name: `Reminded${i}`,
          postcode: 'SW1A 1AA',
          email:
            category === 'no-address'
              ? null
              : `payer${i}.${Math.random().toString(36).slice(2, 8)}@example.test`,
        })),
      )
      .returning({ id: s.customers.id });
    const paidOf = (c: Category) =>
      c === 'paid' ? TOTAL : c === 'credit' ? '1100.00' : c === 'part-paid' ? '200.00' : '0.00';
    const rows = await db
      .insert(s.bookings)
      .values(
        specs.map(({ i, category, balance_due, deposit_due }) => {
          const paid = paidOf(category);
          const balance = Math.max(0, Number(TOTAL) - Number(paid)).toFixed(2);
          return {
            booking_ref: `RM${kind === 'postgres' ? 'P' : 'G'}${String(Date.now()).slice(-6)}${i}x${Math.random().toString(36).slice(2, 6)}`,
            customer_id: category === 'agent' ? null : customers[i].id,
            agent_id: category === 'agent' ? agent.id : null,
            status: 'Confirmed',
            changes_accepted: 1,
            total_due: TOTAL,
            paid,
            balance,
            balance_due,
            deposit_due,
            departure_date: addDays(balance_due, 84),
            cancelled_at: category === 'cancelled' ? '2026-12-01T10:00:00Z' : null,
            reminders_paused: category === 'paused',
          };
        }),
      )
      .returning({ id: s.bookings.id });
    const withDeposit = specs.filter((x) => x.deposit_due);
    if (withDeposit.length)
      await db.insert(s.tour_bookings).values(
        withDeposit.map((x) => ({
          holiday_booking_id: rows[x.i].id,
          tour_id: instance.tour_id,
          tour_instance_id: instance.id,
          guests: 2,
          rooms: 1,
          price: '500.00',
        })),
      );
    return specs.map((x) => ({
      id: rows[x.i].id,
      i: x.i,
      category: x.category,
      balance_due: x.balance_due,
      deposit_due: x.deposit_due,
      paid: paidOf(x.category),
    }));
  }

  /** The stages the schedule rule gives a simulated booking on a day (its figures then). */
  function stagesOf(b: SimBooking, day: number) {
    const paid = b.category === 'pays-day-20' && day >= 20 ? TOTAL : b.paid;
    return paymentSchedule({
      total_due: TOTAL,
      deposit: b.deposit_due
        ? depositAmount([{ deposit_per_guest: (Number(DEPOSIT_PER_GUEST) * 2).toFixed(2), guests: 1 }], TOTAL)
        : '0.00',
      deposit_due: b.deposit_due,
      balance_due: b.balance_due,
      payments: [],
      paid,
      cancelled: b.category === 'cancelled',
    });
  }

  interface SentKey {
    booking: number;
    rule: number;
    stage: string;
    due: string;
    occurrence: number;
    on: string;
  }
  const keyText = (k: SentKey) => `${k.booking}|${k.rule}|${k.stage}|${k.due}|${k.occurrence}|${k.on}`;

  async function sentRows(ids: number[]): Promise<SentKey[]> {
    return queryRows<SentKey>(
      db,
      sql`select holiday_booking_id as booking, rule_id as rule, stage_kind as stage, due_date::text as due,
                 occurrence, sent_on::text as on
          from payment_reminders_sent where holiday_booking_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }

  it('ships four rules with their own templates; role 2 may read but not change them', async () => {
    const res = await call('GET', '/payment-reminders/rules/table?draw=1&start=0&length=-1', adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.map((r: { when: string; template_name: string }) => [r.when, r.template_name]),
    ).toEqual([
      ['14 days before', 'Payment reminder: due in 14 days'],
      ['3 days before', 'Payment reminder: due in 3 days'],
      ['On the day', 'Payment reminder: due today'],
      ['7 days after, then every 7 days, 4 times at most', 'Payment reminder: overdue'],
    ]);
    const templateId = res.json().data[0].template_id;
    const input = { name: 'One day before', kind: 'before', days: 1, template_id: templateId, active: 'no' };
    expect((await call('POST', '/payment-reminders/rules', accountantToken, input)).statusCode).toBe(403);
    // The form's rules: a 'before' rule needs a day; only 'after' repeats; a repeat says how often.
    const bad = await call('POST', '/payment-reminders/rules', adminToken, {
      ...input,
      days: 0,
      repeat_every_days: 3,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['days', 'repeat_every_days']);
    const repeatOnly = await call('POST', '/payment-reminders/rules', adminToken, {
      ...input,
      kind: 'after',
      repeat_every_days: 3,
    });
    expect(repeatOnly.json().errors).toEqual({ max_times: ['Say how many times at most.'] });

    const created = await call('POST', '/payment-reminders/rules', adminToken, input);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const updated = await call('POST', `/payment-reminders/rules/${id}`, adminToken, { ...input, days: 2 });
    expect(updated.statusCode, updated.body).toBe(200);
    const one = await call('GET', `/payment-reminders/rules/${id}`, accountantToken);
    expect(one.json().data).toMatchObject({
      name: 'One day before',
      days: 2,
      when: '2 days before',
      active: false,
      sort: 5,
    });
    const audit = await queryRows<{ action: string; n: number }>(
      db,
      sql`select action, count(*)::int as n from audit_log where entity = 'payment_reminder_rule' and entity_id = ${id} group by action order by action`,
    );
    expect(audit).toEqual([
      { action: 'created', n: 1 },
      { action: 'updated', n: 1 },
    ]);
    // A template a rule sends is not deleted under it.
    const delTemplate = await call('POST', `/email-templates/${templateId}/delete`, adminToken);
    expect(delTemplate.statusCode, delTemplate.body).toBe(409);
    expect((await call('POST', `/payment-reminders/rules/${id}/delete`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/payment-reminders/rules/${id}`, adminToken)).statusCode).toBe(404);
  });

  it('a 60-day simulation of a hundred bookings sends exactly what the rules say, once, never to paid, cancelled, in-credit, paused or address-less bookings', async () => {
    const sim = await makeBookings(100, (i) => {
      // Due dates from 20 days before day 0 to 69 after; every third booking has a deposit stage 30 days earlier.
      const balance_due = addDays(DAY0, ((i * 37) % 90) - 20);
      return {
        balance_due,
        deposit_due: i % 3 === 0 ? addDays(balance_due, -30) : null,
        category: categoryOf(i),
      };
    });
    const ruleList = await rules();
    const expected: SentKey[] = [];
    const sentSoFar = new Map<string, SentReminder[]>();
    const noReminders: Category[] = ['paid', 'cancelled', 'credit', 'paused', 'no-address'];
    for (let day = 0; day < 60; day++) {
      const today = addDays(DAY0, day);
      if (day === 20) {
        const payers = sim.filter((b) => b.category === 'pays-day-20').map((b) => b.id);
        await db.execute(
          sql`update bookings set paid = total_due, balance = 0 where id in (${sql.join(
            payers.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      for (const b of sim) {
        if (noReminders.includes(b.category)) continue;
        for (const stage of stagesOf(b, day)) {
          const k = `${b.id}|${stage.kind}|${stage.due}`;
          const sent = sentSoFar.get(k) ?? [];
          const r = dueReminder({ rules: ruleList, stage, today, sent });
          if (!r || !stage.due) continue;
          sent.push(r);
          sentSoFar.set(k, sent);
          expected.push({
            booking: b.id,
            rule: r.rule_id,
            stage: stage.kind,
            due: stage.due,
            occurrence: r.occurrence,
            on: today,
          });
        }
      }
      now = new Date(`${today}T07:00:00Z`);
      const result = await runPaymentReminders(db, deps(app), { today });
      expect(result.failed).toEqual([]);
      if (day % 15 === 0) {
        // Running the same day again sends nothing more.
        expect((await runPaymentReminders(db, deps(app), { today })).sent).toBe(0);
      }
    }
    const ids = sim.map((b) => b.id);
    const actual = await sentRows(ids);
    expect(actual.map(keyText).sort()).toEqual(expected.map(keyText).sort());
    expect(expected.length).toBeGreaterThan(150);

    // Bookings worked by hand: owing, no deposit, balance due between day 14 and day 25 — 14 and 3
    // days before, on the day, then days 7, 14, 21 and 28 after (those inside the 60 days).
    const byHand = sim.filter(
      (b) =>
        b.category === 'owing' &&
        !b.deposit_due &&
        b.balance_due >= addDays(DAY0, 14) &&
        b.balance_due <= addDays(DAY0, 25),
    );
    expect(byHand.length).toBeGreaterThan(1);
    for (const b of byHand) {
      const days = actual
        .filter((a) => a.booking === b.id)
        .map((a) => a.on)
        .sort();
      expect(days).toEqual(
        [-14, -3, 0, 7, 14, 21, 28]
          .map((d) => addDays(b.balance_due, d))
          .filter((d) => d < addDays(DAY0, 60)),
      );
    }
    // Stopped when paid: nothing on or after day 20 for those who paid then.
    const payers = new Set(sim.filter((b) => b.category === 'pays-day-20').map((b) => b.id));
    expect(actual.filter((a) => payers.has(a.booking) && a.on >= addDays(DAY0, 20))).toEqual([]);
    expect(actual.some((a) => payers.has(a.booking))).toBe(true);
    // Never to the bookings that must not have them.
    const never = new Set(sim.filter((b) => noReminders.includes(b.category)).map((b) => b.id));
    expect(actual.filter((a) => never.has(a.booking))).toEqual([]);

    // Each reminder is one outbox email and one history entry of its booking, to the right address.
    const [mail] = await queryRows<{ n: number; bookings: number; agent: number }>(
      db,
      sql`select count(*)::int as n, count(distinct holiday_booking_id)::int as bookings,
                 count(*) filter (where to_address = 'agency@example.test')::int as agent
          from email_outbox where kind = 'payment-reminder' and holiday_booking_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(mail.n).toBe(expected.length);
    expect(mail.agent).toBe(
      expected.filter((e) => sim.find((b) => b.id === e.booking)?.category === 'agent').length,
    );
    const [history] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from booking_history h join payment_reminders_sent s on s.history_id = h.id
          where h.action = 'Payment reminder sent' and h.holiday_booking_id = s.holiday_booking_id`,
    );
    expect(history.n).toBe(expected.length);

    // What the customer reads: the stage's amount and date, and a personal link to their booking.
    const [one] = await queryRows<{
      subject: string;
      html: string;
      due: string;
      amount: string;
      rule: string;
    }>(
      db,
      sql`select o.subject, o.html, to_char(s.due_date, 'DD/MM/YYYY') as due, s.amount::text as amount, r.name as rule
          from payment_reminders_sent s join email_outbox o on o.id = s.outbox_id
          join payment_reminder_rules r on r.id = s.rule_id
          where r.kind = 'after' and s.stage_kind = 'balance' and s.amount = 800 limit 1`,
    );
    expect(one.html).toContain('£800.00');
    expect(one.html).toContain(one.due);
    expect(one.html).toMatch(/href="https:\/\/office\.test\/my-booking\/link#t=[^"]+"/);
    expect(one.subject).toMatch(/^Overdue payment for booking RM/);
  }, 300_000);

  it('two apps running the same day at once send each reminder once', async () => {
    const today = '2028-03-01';
    const sim = await makeBookings(30, (i) => ({
      balance_due: addDays(today, [14, 3, 0, -7, -14][i % 5]),
      deposit_due: null,
      category: 'owing',
    }));
    const [a, b] = await Promise.all([
      runPaymentReminders(db, deps(app), { today }),
      runPaymentReminders(db2, deps(app2), { today }),
    ]);
    expect(a.sent + b.sent).toBe(30);
    expect(a.failed.concat(b.failed)).toEqual([]);
    const rows = await sentRows(sim.map((x) => x.id));
    expect(rows).toHaveLength(30);
    const [mail] = await queryRows<{ n: number; distinct_bookings: number }>(
      db,
      sql`select count(*)::int as n, count(distinct holiday_booking_id)::int as distinct_bookings
          from email_outbox where kind = 'payment-reminder' and holiday_booking_id in (${sql.join(
            sim.map((x) => sql`${x.id}`),
            sql`, `,
          )})`,
    );
    expect(mail).toEqual({ n: 30, distinct_bookings: 30 });
  }, 120_000);

  it('a run that crashes mid-way keeps whole reminders only; the next run sends the rest, none twice', async () => {
    const today = '2028-06-01';
    const sim = await makeBookings(12, () => ({
      balance_due: addDays(today, 3),
      deposit_due: null,
      category: 'owing',
    }));
    let written = 0;
    await expect(
      runPaymentReminders(db, deps(app), {
        today,
        afterWrite: () => {
          written += 1;
          if (written === 5) throw new Error('the process died');
        },
      }),
    ).rejects.toThrow('the process died');
    const ids = sim.map((x) => x.id);
    expect(await sentRows(ids)).toHaveLength(4);
    const outboxCount = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from email_outbox where kind = 'payment-reminder' and holiday_booking_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      )[0].n;
    expect(await outboxCount()).toBe(4);
    const again = await runPaymentReminders(db, deps(app), { today });
    expect(again.sent).toBe(8);
    expect(await sentRows(ids)).toHaveLength(12);
    expect(await outboxCount()).toBe(12);
    expect((await runPaymentReminders(db, deps(app), { today })).sent).toBe(0);
  }, 120_000);

  it('pausing a booking stops its reminders, with history and audit; the Dashboard preview says so and Send now sends the rest', async () => {
    const today = '2028-09-01';
    now = new Date(`${today}T08:00:00Z`);
    const sim = await makeBookings(3, () => ({
      balance_due: addDays(today, 14),
      deposit_due: null,
      category: 'owing',
    }));
    const [paused, open] = sim;
    expect(
      (
        await call('POST', `/payment-reminders/bookings/${paused.id}/pause`, accountantToken, {
          paused: 'yes',
        })
      ).statusCode,
    ).toBe(200);
    const again = await call('POST', `/payment-reminders/bookings/${paused.id}/pause`, accountantToken, {
      paused: true,
    });
    expect(again.json().message).toBe('Payment reminders were already paused.');
    const state = await call('GET', `/payment-reminders/bookings/${paused.id}`, adminToken);
    expect(state.json()).toMatchObject({ paused: true, paused_by: 'Test Accountant', sent: [] });
    const [h] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from booking_history where holiday_booking_id = ${paused.id} and action = 'Payment reminders paused'`,
    );
    expect(h.n).toBe(1);
    const [au] = await queryRows<{ changes: unknown }>(
      db,
      sql`select changes from audit_log where entity = 'booking' and entity_id = ${paused.id}`,
    );
    expect(au.changes).toEqual([{ field: 'reminders_paused', from: false, to: true }]);

    const due = await call('GET', '/payment-reminders/due', accountantToken);
    expect(due.statusCode, due.body).toBe(200);
    const mine = due
      .json()
      .reminders.filter((r: { booking_id: number }) => sim.some((b) => b.id === r.booking_id));
    expect(due.json().today).toBe(today);
    expect(
      mine.map((r: { booking_id: number; skip_reason: string | null; rule_name: string; amount: string }) => [
        r.booking_id,
        r.skip_reason,
        r.rule_name,
        r.amount,
      ]),
    ).toEqual([
      [paused.id, 'Reminders paused', '14 days before', '1000.00'],
      [open.id, null, '14 days before', '1000.00'],
      [sim[2].id, null, '14 days before', '1000.00'],
    ]);

    expect((await call('POST', '/payment-reminders/send', accountantToken)).statusCode).toBe(403);
    const send = await call('POST', '/payment-reminders/send', adminToken);
    expect(send.statusCode, send.body).toBe(200);
    const jobId = send.json().data.job_id;
    let job: {
      status: string;
      result: { sent: number; skipped: number } | null;
      error: string | null;
    } | null = null;
    for (let i = 0; i < 200; i++) {
      job = (await call('GET', `/jobs/${jobId}`, adminToken)).json();
      if (job?.status === 'done' || job?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job?.error ?? null).toBeNull();
    expect(job).toMatchObject({ status: 'done', result: { sent: 2, skipped: 1 } });
    expect((await sentRows(sim.map((b) => b.id))).map((r) => r.booking).sort()).toEqual(
      [open.id, sim[2].id].sort(),
    );
    const openState = await call('GET', `/payment-reminders/bookings/${open.id}`, adminToken);
    expect(openState.json().sent).toMatchObject([
      { rule_name: '14 days before', sent_on: today, amount: '1000.00' },
    ]);
    const after = await call('GET', '/payment-reminders/due', adminToken);
    expect(
      after
        .json()
        .reminders.filter(
          (r: { booking_id: number }) => r.booking_id !== paused.id && sim.some((b) => b.id === r.booking_id),
        ),
    ).toEqual([]);

    // Resumed: the paused booking's reminder goes on the next run.
    await call('POST', `/payment-reminders/bookings/${paused.id}/pause`, adminToken, { paused: 'no' });
    expect((await runPaymentReminders(db, deps(app), { today, userId: adminId })).sent).toBe(1);
  }, 120_000);
});
