import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { recordAudit } from '../../src/server/lib/audit';
import { DASHBOARD_MESSAGE_PREVIEW, DASHBOARD_MESSAGES_LIMIT } from '../../src/shared/api/dashboard';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer } from '../helpers/factories';

// Issue #23, what staff see of the customer's side: the messages and updates the portal writes
// (customer_messages, inserted here directly as the portal's server does), read and marked read on
// the booking screen and counted on the Dashboard; history and audit rows written by a customer
// (user_id null, actor 'customer') name 'Customer'.
describe.each(testDbKinds)('customer messages on %s', (kind) => {
  let t: TestContext;
  let annId = 0;
  let bobId = 0;
  let annRef = '';

  const call = (method: 'GET' | 'POST', url: string, token = t.adminToken, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as object });
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const addMessage = async (bookingId: number, kind: 'message' | 'update', body: string, ago: number) =>
    (
      await t.db
        .insert(s.customer_messages)
        .values({ holiday_booking_id: bookingId, kind, body, created_at: minutesAgo(ago) })
        .returning()
    )[0].id;
  const dashboard = async () => {
    const res = await call('GET', '/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json().from_customers as {
      count: number;
      messages: {
        id: number;
        booking_id: number;
        reference: string;
        party: string | null;
        kind: string;
        body: string;
        created_at: string;
      }[];
    };
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const ann = await createCustomer(t.db, { first_name: 'Ann', last_name: 'Hay' });
    const annBooking = await createBooking(t.db, { customer_id: ann.id });
    annId = annBooking.id;
    annRef = annBooking.booking_ref as string;
    bobId = (await createBooking(t.db, {})).id;
  });
  afterAll(async () => t?.close());

  it("lists a booking's messages and updates newest first, with how many are unread", async () => {
    const empty = await call('GET', `/bookings/${annId}/customer-messages`, t.accountantToken);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, data: [], total: 0, unread: 0 });

    const first = await addMessage(annId, 'message', 'Could we have a room on a high floor?', 30);
    const second = await addMessage(annId, 'update', 'Passenger details updated: Mrs Ann Hay', 20);
    await addMessage(bobId, 'message', 'Another booking entirely', 10);

    const res = await call('GET', `/bookings/${annId}/customer-messages`, t.accountantToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.unread).toBe(2);
    expect(body.data.map((m: { id: number }) => m.id)).toEqual([second, first]);
    expect(body.data[0]).toMatchObject({
      kind: 'update',
      body: 'Passenger details updated: Mrs Ann Hay',
      read_at: null,
      read_by_name: null,
    });
    expect(new Date(body.data[0].created_at).toISOString()).toBe(body.data[0].created_at);

    expect((await call('GET', '/bookings/2147483647/customer-messages')).statusCode).toBe(404);
    expect((await call('GET', '/bookings/2147483647/customer-messages')).json().message).toBe(
      'Booking not found.',
    );
  });

  it('marks one read once: the first reader is kept, and an unknown id is 404', async () => {
    const id = await addMessage(annId, 'message', 'Is there parking at the hotel?', 5);
    const res = await call('POST', `/customer-messages/${id}/read`);
    expect(res.statusCode).toBe(200);
    const marked = res.json();
    expect(marked.message).toBe('Marked as read.');
    expect(marked.data).toMatchObject({ id, read_by_name: 'Test Admin' });
    expect(marked.data.read_at).toEqual(expect.any(String));

    // Again, by someone else: still read by the first, at the same time.
    const again = await call('POST', `/customer-messages/${id}/read`, t.accountantToken);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ read_by_name: 'Test Admin', read_at: marked.data.read_at });

    const missing = await call('POST', '/customer-messages/2147483647/read');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Message not found.');

    const list = (await call('GET', `/bookings/${annId}/customer-messages`)).json();
    expect(list.total).toBe(3);
    expect(list.unread).toBe(2);
    expect(list.data.find((m: { id: number }) => m.id === id)).toMatchObject({ read_by_name: 'Test Admin' });
  });

  it('marks all read up to the newest the screen showed; later ones stay unread', async () => {
    const before = (await call('GET', `/bookings/${annId}/customer-messages`)).json();
    const shownNewest = before.data[0].id;
    const later = await addMessage(annId, 'update', 'Card payment of £250.00 started', 1);

    const res = await call('POST', `/bookings/${annId}/customer-messages/read-all`, t.accountantToken, {
      last_id: shownNewest,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: '2 marked as read.', data: { marked: 2 } });
    const after = (await call('GET', `/bookings/${annId}/customer-messages`)).json();
    expect(after.unread).toBe(1);
    expect(after.data[0]).toMatchObject({ id: later, read_at: null });
    expect(
      after.data.filter((m: { read_by_name: string | null }) => m.read_by_name === 'Test Accountant'),
    ).toHaveLength(2);

    // Without last_id: everything unread; then nothing is left.
    const all = await call('POST', `/bookings/${annId}/customer-messages/read-all`, t.adminToken, {});
    expect(all.json()).toMatchObject({ data: { marked: 1 } });
    const none = await call('POST', `/bookings/${annId}/customer-messages/read-all`, t.adminToken, {});
    expect(none.json()).toMatchObject({ message: 'Nothing was unread.', data: { marked: 0 } });

    const missing = await call('POST', '/bookings/2147483647/customer-messages/read-all', t.adminToken, {});
    expect(missing.statusCode).toBe(404);
  });

  it('the Dashboard counts every unread one and lists the newest ten with their booking', async () => {
    const start = await dashboard();
    // Bob's booking still has its one unread message; Ann's are all read.
    expect(start.count).toBe(1);
    expect(start.messages).toHaveLength(1);
    expect(start.messages[0]).toMatchObject({
      booking_id: bobId,
      kind: 'message',
      body: 'Another booking entirely',
    });

    const long = `Please note my husband needs a wheelchair at the airport.\n\nAlso   ${'we would like '.repeat(20)}the end.`;
    const ids: number[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(
        await addMessage(annId, i % 2 ? 'update' : 'message', i === 10 ? long : `Note ${i}`, 0.5 - i / 100),
      );
    const d = await dashboard();
    expect(d.count).toBe(12);
    expect(d.messages).toHaveLength(DASHBOARD_MESSAGES_LIMIT);
    // Newest first: the last one added is the newest.
    expect(d.messages.map((m) => m.id)).toEqual(ids.slice(1).reverse());
    const newest = d.messages[0];
    expect(newest).toMatchObject({ booking_id: annId, reference: annRef, party: 'Ann Hay', kind: 'message' });
    expect(newest.body.length).toBeLessThanOrEqual(DASHBOARD_MESSAGE_PREVIEW);
    expect(newest.body).toMatch(
      /^Please note my husband needs a wheelchair at the airport\. Also we would like /,
    );
    expect(newest.body.endsWith('…')).toBe(true);
    expect(newest.body).not.toContain('\n');

    // The booking screen answers the whole text.
    const list = (await call('GET', `/bookings/${annId}/customer-messages`)).json();
    expect(list.data[0].body).toBe(long);

    await call('POST', `/customer-messages/${newest.id}/read`);
    expect((await dashboard()).count).toBe(11);
    await call('POST', `/bookings/${annId}/customer-messages/read-all`, t.adminToken, {});
    const end = await dashboard();
    expect(end.count).toBe(1);
    expect(end.messages.map((m) => m.booking_id)).toEqual([bobId]);
  });

  it('the unread count and list can be read from the partial index of unread rows', async () => {
    // The planner picks a sequential scan on a table this small; forbidding it shows the index fits
    // both statements' conditions (the Dashboard's cost follows the unread rows at ten million).
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = async (q: ReturnType<typeof sql>) =>
        (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${q}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      return [
        await plan(sql`select count(*)::int as n from customer_messages where read_at is null`),
        await plan(
          sql`select id from customer_messages where read_at is null order by created_at desc, id desc limit 10`,
        ),
      ];
    });
    for (const p of plans) expect(p).toContain('customer_messages_unread_idx');
  });

  it("names 'Customer' in the booking's history and in audit histories for what the customer did", async () => {
    const [admin] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where email = 'admin@test.test'`,
    );
    await t.db.insert(s.booking_history).values([
      {
        holiday_booking_id: annId,
        user_id: null,
        actor: 'customer',
        type: 'Passenger',
        action: 'Updated',
        comment: 'Passenger details updated: Mrs Ann Hay',
        created_at: minutesAgo(3),
      },
      {
        holiday_booking_id: annId,
        user_id: admin.id,
        type: 'Booking',
        action: 'Updated',
        comment: 'By staff',
        created_at: minutesAgo(2),
      },
      {
        holiday_booking_id: annId,
        user_id: null,
        type: 'Email',
        action: 'Sent',
        comment: 'By the system',
        created_at: minutesAgo(1),
      },
    ]);
    const history = async (q: Record<string, unknown>) => {
      const res = await call('POST', `/${annId}/get-booking-history`, t.accountantToken, { draw: 1, ...q });
      expect(res.statusCode).toBe(200);
      return res.json().data as { comment: string; user: { name: string } | null }[];
    };
    const rows = await history({});
    expect(rows.map((r) => [r.comment, r.user])).toEqual([
      ['By the system', null],
      ['By staff', { name: 'Test Admin' }],
      ['Passenger details updated: Mrs Ann Hay', { name: 'Customer' }],
    ]);
    // Sorted by user: 'Customer' before 'Test Admin' (nulls last ascending, as PostgreSQL sorts them).
    const byUser = await history({
      order: [{ column: 0, dir: 'asc' }],
      columns: [{ data: 'user' }],
    });
    expect(byUser.map((r) => r.user?.name ?? null)).toEqual(['Customer', 'Test Admin', null]);
    const searched = await history({ search: { value: 'customer' } });
    expect(searched.map((r) => r.comment)).toEqual(['Passenger details updated: Mrs Ann Hay']);

    const [supplier] = await t.db.insert(s.suppliers).values({ supplier_name: 'Audit Coaches' }).returning();
    await recordAudit(t.db, {
      entity: 'supplier',
      entityId: supplier.id,
      action: 'created',
      after: { supplier_name: 'Audit Coaches' },
      userId: admin.id,
      scope: `supplier:${supplier.id}`,
    });
    await recordAudit(t.db, {
      entity: 'supplier',
      entityId: supplier.id,
      action: 'updated',
      before: { phone: null },
      after: { phone: '01234 567890' },
      userId: null,
      actor: 'customer',
      scope: `supplier:${supplier.id}`,
    });
    await recordAudit(t.db, {
      entity: 'supplier',
      entityId: supplier.id,
      action: 'updated',
      before: { phone: '01234 567890' },
      after: { phone: '01234 000000' },
      userId: null,
      scope: `supplier:${supplier.id}`,
    });
    for (const url of [`/audit/supplier/${supplier.id}`, `/audit-scope/supplier/${supplier.id}`]) {
      const res = await call('GET', url, t.accountantToken);
      expect(res.statusCode, url).toBe(200);
      expect(
        res.json().data.map((r: { user_name: string | null }) => r.user_name),
        url,
      ).toEqual([null, 'Customer', 'Test Admin']);
    }
    const [stored] = await queryRows<{ actor: string | null; user_id: number | null }>(
      t.db,
      sql`select actor, user_id from audit_log where entity = 'supplier' and entity_id = ${supplier.id} order by id limit 1 offset 1`,
    );
    expect(stored).toEqual({ actor: 'customer', user_id: null });
  });
});
