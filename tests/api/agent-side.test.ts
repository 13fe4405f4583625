import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/users/service';
import { AGENT_MESSAGES } from '../../src/shared/api/agent-side';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createCustomer } from '../helpers/factories';
import { newestMail } from '../helpers/outbox';
import { readRouteTable } from '../helpers/route-table';

const APP_URL = 'https://holidays.example.test';
const PASSWORD = 'Sunny-Agency-2026!';
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every agent route that names a booking, as registered (a route added tomorrow is covered too). */
const { table } = await readRouteTable();
const agentRoutes = table
  .filter((r) => (r.config as { agent?: boolean } | undefined)?.agent)
  .flatMap((r) =>
    (Array.isArray(r.method) ? r.method : [r.method])
      .filter((m) => m !== 'HEAD')
      .map((m) => ({ method: m as 'GET', url: r.url })),
  );
const bookingRoutes = agentRoutes.filter((r) => r.url.includes('/agent/bookings/:id'));

/** Every key anywhere in a JSON value (to prove no staff-only field leaves). */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.flatMap(keysOf)
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)])
      : [];

// Issue #25: the travel agent's side — its realm, the agency's bookings, and acting on them.
describe.each(testDbKinds)("the travel agent's side on %s", (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const agent = (method: string, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/agent${url}`,
      headers: token ? bearer(token) : {},
      payload,
    });
  const signIn = async (email: string, password = PASSWORD) =>
    agent('POST', '/sign-in', undefined, { email, password });

  let agencyA: { id: number; email: string };
  let agencyB: { id: number; email: string };
  let tokenA: string;
  let tokenB: string;
  /** Agency A's booking (two passengers, a passport tour), agency B's, and a direct customer's. */
  let bookingA: number;
  let bookingB: number;
  let direct: number;

  beforeAll(async () => {
    t = await createTestContext(kind, { APP_URL, LOG_LEVEL: 'error' });
    const hash = await hashPassword(PASSWORD);
    const a = await createAgent(t.db, {
      name: 'Sunny Travel',
      email: 'desk@sunny.test',
      commission: '12.50',
      password_hash: hash,
    });
    const b = await createAgent(t.db, {
      name: 'Other Agency',
      email: 'desk@other.test',
      password_hash: hash,
    });
    agencyA = { id: a.id, email: 'desk@sunny.test' };
    agencyB = { id: b.id, email: 'desk@other.test' };
    const inst = await createBookableInstance(t.db, { tour_type: 'air', departure_date: daysFromNow(120) });
    await t.db.execute(sql`update tours set is_passport_details_required = true where id = ${inst.tour.id}`);
    bookingA = await newBooking({ agent_id: a.id, tour_bookings: [lineOf(inst)] });
    for (const first_name of ['Ann', 'Tom']) {
      const res = await call('POST', '/update-booking/update-pessenger', {
        holiday_booking_id: bookingA,
        title: first_name === 'Ann' ? 'Mrs' : 'Mr',
        first_name,
        last_name: 'Quayle',
        dob: '1970-03-04',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const paid = await call('POST', '/payments', {
      holiday_booking_id: bookingA,
      payment_method: 'bacs',
      payment_amount: '123.45',
      transaction_id: 'AGENT-PART',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    bookingB = await newBooking({ agent_id: b.id, tour_bookings: [lineOf(inst)] });
    const customer = await createCustomer(t.db, { email: 'direct@cust.test' });
    direct = await newBooking({ customer_id: customer.id, tour_bookings: [lineOf(inst)] });
    // An old-system booking of agency A (matched by ABTA number), listed but not opened.
    await t.db.execute(
      sql`insert into old_agents (id, name, abta) values (9001, 'SUNNY TRAVEL OLD', ${a.abta})`,
    );
    await t.db.execute(
      sql`insert into bookings (booking_ref, old_booking_id, old_agent_id, old_lead_passenger, status, departure_date)
          values (null, 77001, 9001, 'Mr Old Quayle', 'Confirmed', '2019-06-01')`,
    );
    const resA = await signIn('DESK@sunny.test');
    expect(resA.statusCode, resA.body).toBe(200);
    expect(resA.json()).toMatchObject({ message: AGENT_MESSAGES.signedIn, agent: { name: 'Sunny Travel' } });
    tokenA = resA.json().token;
    tokenB = (await signIn(agencyB.email)).json().token;
  });
  afterAll(async () => t?.close());

  it('refuses every booking route of another agency and of a direct customer with 404, changing nothing', async () => {
    expect(bookingRoutes.length).toBeGreaterThanOrEqual(5);
    const [passenger] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from passengers where holiday_booking_id = ${bookingA} order by id limit 1`,
    );
    const [record] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from booking_document_records`,
    );
    const problems: string[] = [];
    for (const [token, id, who] of [
      [tokenB, bookingA, "another agency's"],
      [tokenA, bookingB, "another agency's"],
      [tokenA, direct, "a direct customer's"],
      [tokenA, 999999, 'an unknown'],
    ] as const) {
      for (const r of bookingRoutes) {
        const url = r.url
          .replace('/api/agent', '')
          .replace(':id', String(id))
          .replace(':passengerId', String(passenger.id))
          .replace(':documentId', '1');
        const res = await agent(
          r.method,
          url,
          token,
          r.method === 'GET' ? undefined : { first_name: 'X', last_name: 'Y' },
        );
        if (res.statusCode !== 404)
          problems.push(`${r.method} ${url} (${who}) → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from booking_document_records`,
    );
    expect(after.n).toBe(record.n);
    const [names] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from passengers where first_name = 'X'`,
    );
    expect(names.n).toBe(0);
  });

  it('answers 401 without a token, with a staff token, and once signed out; never a staff route with an agent token', async () => {
    for (const r of agentRoutes.filter(
      (x) => !['/api/agent/sign-in', '/api/agent/forgot-password'].includes(x.url),
    )) {
      const url = r.url.replace(/:(\w+)/g, '1');
      expect((await t.app.inject({ method: r.method, url })).statusCode, url).toBe(401);
      expect(
        (await t.app.inject({ method: r.method, url, headers: bearer(t.adminToken) })).statusCode,
        url,
      ).toBe(401);
    }
    expect((await call('GET', `/bookings/${bookingA}`, undefined, tokenA)).statusCode).toBe(401);
    const session = (await signIn(agencyA.email)).json().token as string;
    expect((await agent('GET', '/me', session)).statusCode).toBe(200);
    expect((await agent('POST', '/sign-out', session)).json().message).toBe(AGENT_MESSAGES.signedOut);
    expect((await agent('GET', '/me', session)).statusCode).toBe(401);
  });

  it('ends an idle session with the staff message, and throttles failed sign-ins per email', async () => {
    const idle = (await signIn(agencyA.email)).json().token as string;
    await t.db.execute(
      sql`update agent_sessions set last_used_at = now() - interval '2 hours' where agent_id = ${agencyA.id}
            and created_at = (select max(created_at) from agent_sessions where agent_id = ${agencyA.id})`,
    );
    const res = await agent('GET', '/me', idle);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/minutes without activity/);

    const wrong = await signIn(agencyB.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AGENT_MESSAGES.loginFailed);
    for (let i = 0; i < 4; i++) await signIn(agencyB.email, 'not-the-password');
    const locked = await signIn(agencyB.email);
    expect(locked.statusCode).toBe(429);
    // A staff user's failures of the same address are another realm's.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: agencyB.email, password: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    await t.db.execute(sql`delete from login_failures where realm = 'agent'`);
  });

  it('emails the reset link from APP_URL for a known address, answers the same for an unknown one; a new password ends sessions', async () => {
    const known = await agent('POST', '/forgot-password', undefined, { email: agencyA.email });
    const unknown = await agent('POST', '/forgot-password', undefined, { email: 'nobody@nowhere.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(AGENT_MESSAGES.resetSent);
    const mail = await newestMail(t, agencyA.email);
    const link = String(mail.html).match(/href="([^"]+)"/)?.[1] ?? '';
    expect(link.startsWith(`${APP_URL}/`)).toBe(true);
    const token = decodeURIComponent(link.split('/').at(-1) ?? '');
    const session = (await signIn(agencyA.email)).json().token as string;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/agents/password/reset',
      payload: { token, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await agent('GET', '/me', session)).statusCode).toBe(401);
    tokenA = (await signIn(agencyA.email)).json().token;
  });

  it("lists the agency's bookings only, with search, needs and the old system's, 25 a page", async () => {
    const list = await agent('GET', '/bookings', tokenA);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as {
      id: number | null;
      booking_ref: string;
      is_old: boolean;
      client: string;
    }[];
    expect(rows.map((r) => r.id).filter(Boolean)).toEqual([bookingA]);
    expect(rows.find((r) => r.is_old)).toMatchObject({
      id: null,
      booking_ref: '77001',
      client: 'Mr Old Quayle',
    });
    expect(list.json()).toMatchObject({ total: 2, page: 1, per_page: 25 });
    const bySurname = (await agent('GET', '/bookings?search=quay', tokenA)).json();
    expect(bySurname.total).toBe(2);
    const [{ booking_ref }] = await queryRows<{ booking_ref: string }>(
      t.db,
      sql`select booking_ref from bookings where id = ${bookingA}`,
    );
    expect(
      (await agent('GET', `/bookings?search=${booking_ref}`, tokenA))
        .json()
        .data.map((r: { id: number }) => r.id),
    ).toEqual([bookingA]);
    // Passports are asked for and missing: details need doing; nothing is waiting to be accepted.
    expect((await agent('GET', '/bookings?needs=details', tokenA)).json().total).toBe(1);
    expect(
      (await agent('GET', '/bookings?needs=changes', tokenB)).json().data.map((r: { id: number }) => r.id),
    ).not.toContain(bookingA);
    expect((await agent('GET', '/bookings?departure_from=2020-01-01', tokenA)).json().total).toBe(1);
    expect((await agent('GET', '/bookings?needs=everything', tokenA)).statusCode).toBe(422);
  });

  it("answers the booking with agent accounts equal to the staff screen's, and no staff-only field", async () => {
    const res = await agent('GET', `/bookings/${bookingA}`, tokenA);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    const staff = await detail(bookingA);
    expect(view.accounts).toMatchObject({
      commission_percent: '12.50',
      total_due: staff.totals.total_due,
      paid: '123.45',
      commission: staff.totals.commission,
      vat: staff.totals.vat,
      net_balance: staff.totals.agent_balance,
    });
    expect(Number(view.accounts.commission)).toBeGreaterThan(0);
    expect(view.accounts.net_due).toBe(
      new Decimal(staff.totals.total_due).minus(staff.totals.commission).minus(staff.totals.vat).toFixed(2),
    );
    const keys = keysOf(view);
    for (const staffOnly of ['cost', 'base_cost', 'notes', 'created_by', 'user', 'supplier', 'version'])
      expect(keys, staffOnly).not.toContain(staffOnly);
    expect(view.passengers.map((p: { first_name: string }) => p.first_name)).toEqual(['Ann', 'Tom']);
  });

  it('accepts changes on the client’s behalf and completes passports as the agent, seen by staff as Agent', async () => {
    // Staff add a passenger: changes wait.
    await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: bookingA,
      title: 'Miss',
      first_name: 'Eve',
      last_name: 'Quayle',
    });
    expect((await agent('GET', '/bookings?needs=changes', tokenA)).json().data[0].id).toBe(bookingA);
    const accepted = await agent('POST', `/bookings/${bookingA}/accept`, tokenA);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(AGENT_MESSAGES.accepted);
    const again = await agent('POST', `/bookings/${bookingA}/accept`, tokenA);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(AGENT_MESSAGES.nothingToAccept);
    const [b] = await queryRows<{ changes_accepted_from: string }>(
      t.db,
      sql`select changes_accepted_from from bookings where id = ${bookingA}`,
    );
    expect(b.changes_accepted_from).toBe('agent');

    const view = (await agent('GET', `/bookings/${bookingA}`, tokenA)).json().data;
    const ann = view.passengers.find((p: { first_name: string }) => p.first_name === 'Ann');
    const saved = await agent('PUT', `/bookings/${bookingA}/passengers/${ann.id}`, tokenA, {
      title: 'Mrs',
      first_name: 'Ann',
      last_name: 'Quayle',
      dob: '1970-03-04',
      gender: 'Female',
      passport_no: '123456789',
      passport_issue: '2020-01-01',
      passport_expiry: '2030-01-01',
      passport_nationality: 'British',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.passengers.find((p: { id: number }) => p.id === ann.id).complete).toBe(true);
    const history = await call('GET', `/${bookingA}/get-booking-history?length=50`);
    const entries = history.json().data as {
      action: string;
      user: { name: string } | null;
      comment: string;
    }[];
    expect(entries.find((e) => e.action === 'Passenger updated by the agent')).toMatchObject({
      user: { name: 'Agent' },
    });
    expect(entries.find((e) => e.action === 'Changes accepted')?.comment).toContain(
      'by the agent Sunny Travel',
    );
  });

  it('downloads the Agent invoice (kept as a record issued to the agency) and lists it among the documents', async () => {
    const res = await agent('GET', `/bookings/${bookingA}/agent-invoice`, tokenA);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const staff = await detail(bookingA);
    expect(text).toContain('Sunny Travel');
    expect(text).toContain(
      Number(staff.totals.commission).toLocaleString('en-GB', { minimumFractionDigits: 2 }),
    );
    const view = (await agent('GET', `/bookings/${bookingA}`, tokenA)).json().data;
    const doc = view.documents.find((d: { label: string }) => d.label === 'Agent invoice');
    expect(doc).toBeDefined();
    const again = await agent('GET', `/bookings/${bookingA}/documents/${doc.id}`, tokenA);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    // The customer's side never offers the agency's invoice.
    const [rec] = await queryRows<{ created_for: string }>(
      t.db,
      sql`select created_for from booking_document_records where id = ${doc.id}`,
    );
    expect(rec.created_for).toBe('agent');
  });
});
