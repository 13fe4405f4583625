import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { queryRows } from '../../src/server/db/client';
import { old_agents, old_customers } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/users/service';
import { bearer, createTestContext, type TestContext, testConfig } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer } from '../helpers/factories';
import { latestResetLink, newestMail, outboxMessages, resetLinksOf } from '../helpers/outbox';

// Agents (spec 2 §2 Agents, §3 Agent, §6, §7 'Agents') and the password-reset link.
describe.each(testDbKinds)('agents on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload });

  const full = {
    name: 'Sunway Travel',
    abta: 'P1234',
    email: 'Bookings@Sunway.co.uk',
    phone_number: '0161 496 0000',
    address_line_1: '12 King Street',
    address_line_2: '',
    town_city: 'Manchester',
    county: 'Greater Manchester',
    postcode: 'm2 4wu',
    commission: '12.5',
    credit_limit: 2500,
  };

  it('creates, reads, lists, searches, updates and deletes an agent', async () => {
    const created = await call('POST', '/agents', t.adminToken, full);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ success: true, message: 'Agent created successfully.' });
    const id = created.json().data.id;

    const one = await call('GET', `/agents/${id}`, t.accountantToken);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual({
      id,
      name: 'Sunway Travel',
      company_name: 'Sunway Travel',
      abta: 'P1234',
      email: 'bookings@sunway.co.uk',
      phone_number: '0161 496 0000',
      address_line_1: '12 King Street',
      address_line_2: null,
      town_city: 'Manchester',
      county: 'Greater Manchester',
      postcode: 'M2 4WU',
      commission: '12.50',
      credit_limit: '2500.00',
      is_password_generated: false,
      has_password: false,
    });

    // The spec's company_name is accepted for name; blank numbers are 0.
    const second = await call('POST', '/agents', t.adminToken, { company_name: 'Coastline Holidays Ltd' });
    expect(second.statusCode).toBe(200);
    const secondId = second.json().data.id;
    expect((await call('GET', `/agents/${secondId}`, t.adminToken)).json().data).toMatchObject({
      name: 'Coastline Holidays Ltd',
      commission: '0.00',
      credit_limit: '0.00',
    });

    // Newest first by default (spec 2 §9 'column 4 descending'), quick search on name/ABTA/postcode.
    const list = (await call('GET', '/agents/table?draw=2', t.accountantToken)).json();
    expect(list).toMatchObject({ draw: 2, recordsTotal: 2, recordsFiltered: 2 });
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([secondId, id]);
    const searched = (await call('GET', '/agents/table?search[value]=p123', t.accountantToken)).json();
    expect(searched).toMatchObject({ recordsTotal: 2, recordsFiltered: 1 });
    expect(searched.data[0]).toMatchObject({ id, abta: 'P1234', name: 'Sunway Travel', postcode: 'M2 4WU' });

    const updated = await call('POST', `/agents/${id}`, t.adminToken, {
      ...full,
      commission: 15,
      credit_limit: '0',
      town_city: '',
    });
    expect(updated.json()).toMatchObject({ success: true, message: 'Agent updated successfully.' });
    expect((await call('GET', `/agents/${id}`, t.adminToken)).json().data).toMatchObject({
      commission: '15.00',
      credit_limit: '0.00',
      town_city: null,
    });

    const deleted = await call('POST', `/agents/${secondId}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Agent deleted successfully.' });
    expect((await call('GET', `/agents/${secondId}`, t.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/agents/${secondId}`, t.adminToken, full)).statusCode).toBe(404);
    expect((await call('POST', `/agents/${secondId}/delete`, t.adminToken)).statusCode).toBe(404);
  });

  it('answers 422 with per-field errors', async () => {
    const res = await call('POST', '/agents', t.adminToken, {
      name: '  ',
      email: 'not-an-email',
      postcode: 'XYZ',
      commission: 100.5,
      credit_limit: -1,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      errors: {
        name: ['Company name is required.'],
        email: ['Enter a valid email address.'],
        postcode: ['Enter a valid UK post code, e.g. SW1A 1AA.'],
        commission: ['Commission must be at most 100.'],
        credit_limit: ['Credit limit must be at least 0.'],
      },
    });
    const decimals = await call('POST', '/agents', t.adminToken, { name: 'X', credit_limit: '10.005' });
    expect(decimals.json().errors.credit_limit).toEqual([
      'Credit limit must be an amount with at most 2 decimals.',
    ]);
    expect(
      (await call('GET', '/agents/table?order[0][column]=0&columns[0][data]=password_hash', t.adminToken))
        .statusCode,
    ).toBe(422);
  });

  it('answers 403 to role 2 on create, update and delete', async () => {
    const agent = await createAgent(t.db);
    expect((await call('POST', '/agents', t.accountantToken, full)).statusCode).toBe(403);
    expect((await call('POST', `/agents/${agent.id}`, t.accountantToken, full)).statusCode).toBe(403);
    expect((await call('POST', `/agents/${agent.id}/delete`, t.accountantToken)).statusCode).toBe(403);
    expect((await call('GET', `/agents/${agent.id}`, null)).statusCode).toBe(401);
  });

  it('refuses to delete an agent with bookings and lists its current and old bookings', async () => {
    const agent = await createAgent(t.db, { name: 'Heritage Journeys', abta: 'K7777' });
    const customer = await createCustomer(t.db, { first_name: 'Joan', last_name: 'Smithers' });
    const current = await createBooking(t.db, {
      agent_id: agent.id,
      customer_id: customer.id,
      created_at: '2026-03-10T10:00:00Z',
    });
    // Imported from the earlier system: its old agent has the same ABTA number.
    await t.db.insert(old_agents).values({ id: 9101, name: 'Heritage Journeys (old)', abta: 'k7777' });
    await t.db.insert(old_customers).values({ id: 9201, first_name: 'Olive', last_name: 'Oldham' });
    const old = await createBooking(t.db, {
      old_booking_id: 61234,
      old_agent_id: 9101,
      old_customer_id: 9201,
      created_at: '2024-05-01T09:00:00Z',
    });
    // Another agency's booking is not listed.
    await createBooking(t.db, { agent_id: (await createAgent(t.db)).id });

    const res = await call('POST', `/agents/${agent.id}/delete`, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'This agent cannot be deleted: bookings are linked to it.',
    });

    const bookings = (await call('GET', `/agents/${agent.id}/bookings?draw=1`, t.accountantToken)).json();
    expect(bookings).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(bookings.data).toMatchObject([
      { id: current.id, booking_ref: current.booking_ref, customer_name: 'Joan Smithers', is_old: false },
      { id: old.id, booking_ref: null, old_booking_id: 61234, customer_name: 'Olive Oldham', is_old: true },
    ]);
    const search = (
      await call('GET', `/agents/${agent.id}/bookings?search[value]=61234`, t.adminToken)
    ).json();
    expect(search.data.map((r: { id: number }) => r.id)).toEqual([old.id]);
    expect((await call('GET', '/agents/999999/bookings', t.adminToken)).statusCode).toBe(404);
  });

  it('emails a single-use reset link that sets an argon2id password', async () => {
    const agent = await createAgent(t.db, { name: 'Lakeland Travel', email: 'Sales@Lakeland-Travel.co.uk' });
    // Any member of staff may send it (spec 2 §2: shown whenever the agent has an email).
    const sent = await call('POST', '/agents/password/reset-link', t.accountantToken, {
      email: 'sales@lakeland-travel.co.uk',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: 'A password reset link has been sent to Sales@Lakeland-Travel.co.uk.',
    });
    const mails = await outboxMessages(t, 'Sales@Lakeland-Travel.co.uk');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toMatch(/^Subject: Set your agent password/m);
    expect(mails[0].text).toContain('text/html');
    const { link, token } = await latestResetLink(t, 'Sales@Lakeland-Travel.co.uk');
    // No APP_URL in the test config: http://localhost:PORT.
    expect(link).toMatch(/^http:\/\/localhost:3000\/agent\/reset-password\/[A-Za-z0-9_-]{43}$/);

    // Only the SHA-256 is stored, with a 24-hour expiry.
    const [stored] = await queryRows<{ token_hash: string; hours: number }>(
      t.db,
      sql`select token_hash, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
          from agent_password_resets where agent_id = ${agent.id}`,
    );
    expect(stored).toEqual({ token_hash: hashToken(token), hours: 24 });

    // The public page asks who the link is for (no staff token).
    const check = await call('GET', `/agents/password/reset/${token}`, null);
    expect(check.json()).toMatchObject({ success: true, data: { name: 'Lakeland Travel' } });

    const mismatch = await call('POST', '/agents/password/reset', null, {
      token,
      password: 'new-secret-1',
      password_confirmation: 'new-secret-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The two passwords do not match.'] });
    const short = await call('POST', '/agents/password/reset', null, {
      token,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().errors.password).toEqual(['The password must be at least 12 characters.']);
    // Long enough but on the common-password list, in any case (src/shared/password.ts).
    const common = await call('POST', '/agents/password/reset', null, {
      token,
      password: 'Password1234',
      password_confirmation: 'Password1234',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors).toEqual({ password: ['This password is too common. Choose another.'] });

    const done = await call('POST', '/agents/password/reset', null, {
      token,
      password: 'new-secret-1',
      password_confirmation: 'new-secret-1',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: 'Your password has been set.' });
    const [row] = await queryRows<{ password_hash: string; is_password_generated: boolean; used: boolean }>(
      t.db,
      sql`select a.password_hash, a.is_password_generated, r.used_at is not null as used
          from agents a join agent_password_resets r on r.agent_id = a.id where a.id = ${agent.id}`,
    );
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(row.password_hash, 'new-secret-1')).toBe(true);
    expect(row).toMatchObject({ is_password_generated: true, used: true });
    expect((await call('GET', `/agents/${agent.id}`, t.adminToken)).json().data.has_password).toBe(true);

    // Single use.
    const again = await call('POST', '/agents/password/reset', null, {
      token,
      password: 'other-secret-2',
      password_confirmation: 'other-secret-2',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: 'This password reset link has already been used. Please ask for a new link.',
      errors: { token: ['This password reset link has already been used. Please ask for a new link.'] },
    });
    const [after] = await queryRows<{ password_hash: string }>(
      t.db,
      sql`select password_hash from agents where id = ${agent.id}`,
    );
    expect(after.password_hash).toBe(row.password_hash);
  });

  it('refuses an expired or unknown link, and a new link replaces an unused one', async () => {
    const agent = await createAgent(t.db, { email: 'desk@northstar.example.co.uk' });
    const send = () =>
      call('POST', '/agents/password/reset-link', t.adminToken, {
        email: 'desk@northstar.example.co.uk',
        agent_id: agent.id,
      });
    expect((await send()).statusCode).toBe(200);
    const first = await latestResetLink(t, 'desk@northstar.example.co.uk');
    await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
    expect((await send()).statusCode).toBe(200);
    const second = await latestResetLink(t, 'desk@northstar.example.co.uk');
    expect(second.token).not.toBe(first.token);

    const body = (token: string) => ({
      token,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    const replaced = await call('POST', '/agents/password/reset', null, body(first.token));
    expect(replaced.statusCode).toBe(422);
    expect(replaced.json().message).toBe('This password reset link is not valid. Please ask for a new link.');

    await t.db.execute(
      sql`update agent_password_resets set expires_at = now() - interval '1 minute'
          where token_hash = ${hashToken(second.token)}`,
    );
    const expired = await call('POST', '/agents/password/reset', null, body(second.token));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('This password reset link has expired. Please ask for a new link.');
    expect((await call('GET', `/agents/password/reset/${second.token}`, null)).statusCode).toBe(422);
    const [row] = await queryRows<{ password_hash: string | null }>(
      t.db,
      sql`select password_hash from agents where id = ${agent.id}`,
    );
    expect(row.password_hash).toBeNull();

    const unknown = await call('POST', '/agents/password/reset-link', t.adminToken, {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ email: ['No agent has this email address.'] });
    const bad = await call('POST', '/agents/password/reset-link', t.adminToken, { email: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(
      (await call('POST', '/agents/password/reset-link', null, { email: 'x@example.com' })).statusCode,
    ).toBe(401);
  });

  it('builds the link from APP_URL (else http://localhost:PORT), whatever Host or X-Forwarded-Host says', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const agent = await createAgent(t.db, { email: 'hello@seaview.example.co.uk' });
    const send = (app: TestContext['app']) =>
      app.inject({
        method: 'POST',
        url: '/api/agents/password/reset-link',
        headers: { ...bearer(t.adminToken), ...forged },
        payload: { email: agent.email },
      });

    // This context has no APP_URL: the link is the local address, never the forged host.
    expect((await send(t.app)).statusCode).toBe(200);
    let mail = await newestMail(t, 'hello@seaview.example.co.uk');
    // The HTML's href and its copy-this-address line, and both again in the text part made from it.
    expect(resetLinksOf(mail)).toHaveLength(4);
    for (const link of resetLinksOf(mail))
      expect(link).toMatch(/^http:\/\/localhost:3000\/agent\/reset-password\//);

    // Another server on the same database with APP_URL, trusting this client as a proxy: X-Forwarded-Host
    // is now believed as the request's host, and still the link is APP_URL's.
    const config = testConfig({
      DATA_DIR: t.dataDir,
      APP_URL: 'https://office.example.co.uk/',
      TRUST_PROXY: '127.0.0.1',
    });
    const other = await buildApp({ db: t.db, config, webDir: '/nonexistent' });
    try {
      other.get('/probe-host', async (req) => ({ host: req.host }));
      expect((await other.inject({ method: 'GET', url: '/probe-host', headers: forged })).json()).toEqual({
        host: 'evil.example',
      });
      await new Promise((r) => setTimeout(r, 5)); // distinct outbox file names
      expect((await send(other)).statusCode).toBe(200);
      mail = await newestMail({ dataDir: t.dataDir, app: other }, 'hello@seaview.example.co.uk');
      expect(resetLinksOf(mail)).toHaveLength(4);
      for (const link of resetLinksOf(mail)) {
        expect(link).toMatch(/^https:\/\/office\.example\.co\.uk\/agent\/reset-password\/[A-Za-z0-9_-]{43}$/);
      }
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    } finally {
      await other.close();
    }
  });
});
