import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, recomputeBooking } from '../../src/server/areas/bookings/ledger';
import { queryRows } from '../../src/server/db/client';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { type BankFileLine, bankCsv, CSV_MAPPING, camt053, multipart, ofxSgml } from '../helpers/bank-files';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer, createTourInstance } from '../helpers/factories';

// Issue #26: bank statements that match themselves — import CAMT.053, OFX and a bank's CSV, match
// lines to bookings, record confirmed lines as BACS payments naming the line, once.
describe.each(testDbKinds)('bank statements on %s', (kind) => {
  let t: TestContext;
  let instance: Awaited<ReturnType<typeof createTourInstance>>;
  beforeAll(async () => {
    t = await createTestContext(kind);
    instance = await createTourInstance(t.db);
  });
  afterAll(async () => t?.close());

  /** A booking owing 1,048.00 (the factory's line: 524.00 × 2 guests), stored as every change stores it. */
  async function booking(
    fields: { customer?: { first_name: string; last_name: string }; agent_id?: number } = {},
  ) {
    const customer = fields.customer ? await createCustomer(t.db, fields.customer) : null;
    const b = await createBooking(t.db, {
      instance: instance.instance,
      customer_id: customer?.id,
      agent_id: fields.agent_id,
    });
    await inTransaction(t.db, (tx) => recomputeBooking(tx, b.id, { staffChange: false }));
    return { id: b.id, ref: b.booking_ref as string };
  }
  const upload = (
    name: string,
    content: string,
    fields: Record<string, string> = {},
    token = t.adminToken,
  ) => {
    const m = multipart({ name, content }, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/bank-statements',
      headers: { ...bearer(token), ...m.headers },
      payload: m.payload,
    });
  };
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = t.adminToken) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const lines = async (statementId: number) =>
    (await call('GET', `/bank-statements/${statementId}/lines?length=100`)).json().data as {
      id: number;
      status: string;
      booking_id: number | null;
      suggestions: { booking_id: number; score: number; reason: string }[];
      payments: { booking_id: number; amount: string }[];
      reference: string;
    }[];
  const paymentsOf = (bookingId: number) =>
    queryRows<{
      payment_method: string;
      payment_amount: string;
      bank_line_id: number | null;
      transaction_id: string;
    }>(
      t.db,
      sql`select payment_method, payment_amount::text, bank_line_id, transaction_id from payments
          where holiday_booking_id = ${bookingId} order by id`,
    );
  const countPayments = async () =>
    (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from payments`))[0].n;
  let n = 0;
  const line = (p: Partial<BankFileLine>): BankFileLine => ({
    id: `L-${kind}-${++n}`,
    date: '2027-03-05',
    amount: '100.00',
    reference: '',
    payer: '',
    ...p,
  });

  it('imports a CAMT.053 file, matches, suggests, leaves debits, and records once', async () => {
    const b1 = await booking({ customer: { first_name: 'Harriet', last_name: 'Wickersham' } });
    const b2 = await booking({ customer: { first_name: 'Tom', last_name: 'Ollerenshaw' } });
    const b3 = await booking({ customer: { first_name: 'Ada', last_name: 'Quixleybrook' } });
    const file = [
      line({
        amount: '200.00',
        reference: `Holiday ${b1.ref.toLowerCase()} deposit`,
        payer: 'MRS H WICKERSHAM',
      }),
      line({ amount: '2000.00', reference: `${b2.ref}`, payer: 'T OLLERENSHAW' }),
      line({ amount: '1048.00', reference: 'THANK YOU', payer: 'MS A QUIXLEYBROOK' }),
      line({ amount: '-42.10', reference: 'DD BRITISH GAS', payer: 'BRITISH GAS' }),
      line({ amount: '12.34', reference: 'INTEREST', payer: 'BANK' }),
    ];
    const camt = camt053(file, `GB00TEST${kind}`);
    const res = await upload('march.xml', camt);
    expect(res.statusCode, res.body).toBe(200);
    const { id, job_id, lines_new, lines_skipped } = res.json().data;
    expect({ job_id, lines_new, lines_skipped }).toEqual({ job_id: null, lines_new: 5, lines_skipped: 0 });
    const statement = (await call('GET', `/bank-statements/${id}`)).json().data;
    expect(statement).toMatchObject({ format: 'camt053', matched: 1, suggested: 2, unmatched: 1, debit: 1 });

    const ls = await lines(id);
    expect(ls.map((l) => l.status)).toEqual(['matched', 'suggested', 'suggested', 'debit', 'unmatched']);
    expect(ls[0].booking_id).toBe(b1.id);
    expect(ls[1].suggestions[0]).toMatchObject({
      booking_id: b2.id,
      reason: 'reference, amount above balance; payer name',
    });
    expect(ls[2].suggestions[0]).toMatchObject({
      booking_id: b3.id,
      reason: 'balance equals amount; payer name',
    });

    // Role 2 reads but may not record or import.
    expect((await call('GET', `/bank-statements/${id}/lines`, undefined, t.accountantToken)).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', `/bank-statements/${id}/record-matched`, undefined, t.accountantToken)).statusCode,
    ).toBe(403);
    expect((await upload('march.xml', camt, {}, t.accountantToken)).statusCode).toBe(403);

    // Confirm all matched: one BACS payment naming the line, with the booking's history.
    const all = await call('POST', `/bank-statements/${id}/record-matched`);
    expect(all.json().data).toEqual({ job_id: null, recorded: 1, left: 0 });
    expect(await paymentsOf(b1.id)).toEqual([
      {
        payment_method: 'bacs',
        payment_amount: '200.00',
        bank_line_id: ls[0].id,
        transaction_id: `Holiday ${b1.ref.toLowerCase()} deposit`,
      },
    ]);
    const [h] = await queryRows<{ action: string; comment: string }>(
      t.db,
      sql`select action, comment from booking_history where holiday_booking_id = ${b1.id} and type = 'Payment'`,
    );
    expect(h).toMatchObject({ action: 'Payment recorded' });
    expect(h.comment).toContain('£200.00 by BACS');
    const [bal] = await queryRows<{ balance: string }>(
      t.db,
      sql`select balance::text from bookings where id = ${b1.id}`,
    );
    expect(bal.balance).toBe('848.00');

    // The line is used once.
    const again = await call('POST', `/bank-statement-lines/${ls[0].id}/record`, {
      allocations: [{ booking_id: b1.id, amount: '200.00' }],
    });
    expect(again.statusCode).toBe(409);

    // A suggestion above the balance: the payment form's overpayment question, then recorded.
    const over = await call('POST', `/bank-statement-lines/${ls[1].id}/record`, {
      allocations: [{ booking_id: b2.id, amount: '2000.00' }],
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe('This is £952.00 more than the balance. Record it as an overpayment?');
    const yes = await call('POST', `/bank-statement-lines/${ls[1].id}/record`, {
      allocations: [{ booking_id: b2.id, amount: '2000.00' }],
      allow_overpayment: true,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().data.overpaid).toBe('952.00');

    // A split that does not add up, and a debit, are refused.
    const bad = await call('POST', `/bank-statement-lines/${ls[2].id}/record`, {
      allocations: [{ booking_id: b3.id, amount: '1000.00' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("The split adds up to £1,000.00, not the line's £1,048.00.");
    const debit = await call('POST', `/bank-statement-lines/${ls[3].id}/record`, {
      allocations: [{ booking_id: b3.id, amount: '42.10' }],
    });
    expect(debit.statusCode).toBe(422);

    // Importing the same file again records nothing twice; an overlapping one adds only its new line.
    const before = await countPayments();
    const second = await upload('march-again.xml', camt);
    expect(second.json().data).toMatchObject({ lines_new: 0, lines_skipped: 5 });
    expect(second.json().message).toBe('Nothing new: all 5 lines were imported before.');
    const secondAll = await call('POST', `/bank-statements/${second.json().data.id}/record-matched`);
    expect(secondAll.json().data).toMatchObject({ recorded: 0 });
    const overlap = await upload(
      'march-overlap.xml',
      camt053(
        [file[0], file[1], line({ amount: '48.00', reference: b1.ref, payer: 'H WICKERSHAM' })],
        `GB00TEST${kind}`,
      ),
    );
    expect(overlap.json().data).toMatchObject({ lines_new: 1, lines_skipped: 2 });
    await call('POST', `/bank-statements/${overlap.json().data.id}/record-matched`);
    expect(await countPayments()).toBe(before + 1);
    expect((await paymentsOf(b1.id)).map((p) => p.payment_amount)).toEqual(['200.00', '48.00']);
  });

  it('imports an OFX file (SGML) and records its matched line', async () => {
    const b = await booking({ customer: { first_name: 'Nia', last_name: 'Pemberton' } });
    const spaced = `hb ${b.ref.slice(2, 5)} ${b.ref.slice(5)}`;
    const ofx = ofxSgml([line({ amount: '1048.00', reference: spaced, payer: 'N PEMBERTON' })], `OFX${kind}`);
    const res = await upload('statement.ofx', ofx);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    expect((await call('GET', `/bank-statements/${id}`)).json().data).toMatchObject({
      format: 'ofx',
      matched: 1,
    });
    await call('POST', `/bank-statements/${id}/record-matched`);
    expect((await paymentsOf(b.id)).map((p) => p.payment_amount)).toEqual(['1048.00']);
    expect((await upload('statement.ofx', ofx)).json().data).toMatchObject({
      lines_new: 0,
      lines_skipped: 1,
    });
  });

  it('imports a CSV through the bank’s saved mapping', async () => {
    const b = await booking({ customer: { first_name: 'Owen', last_name: 'Tregothnan' } });
    const csv = bankCsv([
      line({ amount: '500.00', reference: `${b.ref} BALANCE`, payer: 'O TREGOTHNAN' }),
      line({ amount: '500.00', reference: `${b.ref} BALANCE`, payer: 'O TREGOTHNAN' }),
      line({ amount: '-9.99', reference: 'CARD FEE', payer: 'BANK' }),
    ]);
    expect((await upload('bank.csv', csv)).json().errors).toEqual({
      bank_name: ['Choose the bank whose CSV mapping reads this file.'],
    });
    expect(
      (await call('POST', '/bank-statements/csv-mappings', CSV_MAPPING, t.accountantToken)).statusCode,
    ).toBe(403);
    expect((await call('POST', '/bank-statements/csv-mappings', CSV_MAPPING)).statusCode).toBe(200);
    const mappings = await call('GET', '/bank-statements/csv-mappings');
    expect(mappings.body).toContain('"bank_name"');
    expect(mappings.json().data[0]).toMatchObject(CSV_MAPPING);
    const res = await upload('bank.csv', csv, { bank_name: `${CSV_MAPPING.bank_name}` });
    expect(res.statusCode, res.body).toBe(200);
    // Two identical £500 payments on one day are two lines.
    expect(res.json().data).toMatchObject({ lines_new: 3 });
    const id = res.json().data.id;
    expect((await call('GET', `/bank-statements/${id}`)).json().data).toMatchObject({
      format: 'csv',
      matched: 2,
      debit: 1,
    });
    expect((await call('POST', `/bank-statements/${id}/record-matched`)).json().data).toMatchObject({
      recorded: 2,
    });
    expect((await paymentsOf(b.id)).map((p) => p.payment_amount)).toEqual(['500.00', '500.00']);
    const again = await upload('bank.csv', csv, { bank_name: CSV_MAPPING.bank_name });
    expect(again.json().data).toMatchObject({ lines_new: 0, lines_skipped: 3 });
    // Not a statement at all.
    const pdf = await upload('x.pdf', '%PDF-1.4\n%…');
    expect(pdf.statusCode).toBe(422);
  });

  it("splits an agent's transfer and a group's cheque across their bookings", async () => {
    const agent = await createAgent(t.db, { name: `Sunseeker Holidays ${kind}` });
    const a1 = await booking({ agent_id: agent.id });
    const a2 = await booking({ agent_id: agent.id });
    const res = await upload(
      'agent.ofx',
      ofxSgml(
        [
          line({
            amount: '1500.00',
            reference: 'MARCH REMITTANCE',
            payer: `SUNSEEKER HOLIDAYS ${kind.toUpperCase()}`,
          }),
          line({ amount: '1200.00', reference: 'CHQ 000123', payer: 'CHEQUE' }),
        ],
        `SPLIT${kind}`,
      ),
    );
    const id = res.json().data.id;
    const [agentLine, chequeLine] = await lines(id);
    expect(agentLine.status).toBe('suggested');
    expect(agentLine.suggestions.map((s) => s.booking_id).sort()).toEqual([a1.id, a2.id].sort());

    const split = (
      await call('GET', `/bank-statement-lines/${agentLine.id}/split?agent_id=${agent.id}`)
    ).json().data;
    expect(split.bookings.map((b: { booking_id: number }) => b.booking_id)).toEqual([a1.id, a2.id]);
    expect(split.allocations).toEqual([
      { booking_id: a1.id, amount: '1048.00' },
      { booking_id: a2.id, amount: '452.00' },
    ]);
    const rec = await call('POST', `/bank-statement-lines/${agentLine.id}/record`, {
      allocations: split.allocations,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().message).toBe('2 payments recorded.');
    for (const b of [a1, a2]) expect((await paymentsOf(b.id))[0].bank_line_id).toBe(agentLine.id);

    // A group's cheque: the group's bookings (a tour line on its instance) that still owe.
    const g = (
      await call('GET', `/bank-statement-lines/${chequeLine.id}/split?group_id=${instance.group.id}`)
    ).json().data;
    expect(g.bookings.length).toBeGreaterThan(1);
    const [x, y] = g.bookings as { booking_id: number; owed: string }[];
    const allocations = [
      { booking_id: x.booking_id, amount: '700.00' },
      { booking_id: y.booking_id, amount: '500.00' },
    ];
    expect(
      (await call('POST', `/bank-statement-lines/${chequeLine.id}/record`, { allocations })).statusCode,
    ).toBe(200);
    expect((await lines(id))[1]).toMatchObject({ status: 'recorded' });
    expect((await lines(id))[1].payments.map((p) => p.amount)).toEqual(
      [...allocations].sort((p, q) => p.booking_id - q.booking_id).map((a) => a.amount),
    );
    const parties = (await call('GET', `/bank-statements/split-parties?q=Sunseeker`)).json().data;
    expect(parties.agents.map((a: { id: number }) => a.id)).toContain(agent.id);
  });

  it('records a line without a usable reference against a booking chosen by hand', async () => {
    const b = await booking({ customer: { first_name: 'Ottoline', last_name: `Quibble${kind}` } });
    const paid = await booking({ customer: { first_name: 'Ottoline', last_name: `Quibble${kind}` } });
    const res = await upload(
      'by-hand.ofx',
      ofxSgml([line({ amount: '300.00', reference: 'HOLIDAY MONEY', payer: 'O Q' })], `BYHAND${kind}`),
    );
    const [l] = await lines(res.json().data.id);
    expect(l.status).toBe('unmatched');

    // Found by the customer's surname (any case) or by the start of the reference; two letters at least.
    const bySurname = (await call('GET', `/bank-statements/bookings?q=quibble${kind}`)).json().data;
    expect(bySurname.map((x: { booking_id: number }) => x.booking_id).sort()).toEqual([b.id, paid.id].sort());
    expect(bySurname[0]).toMatchObject({ name: `Ottoline Quibble${kind}`, owed: '1048.00' });
    const byRef = (
      await call('GET', `/bank-statements/bookings?q=${b.ref.slice(0, -1).toLowerCase()}`)
    ).json().data;
    expect(byRef.map((x: { booking_id: number }) => x.booking_id)).toContain(b.id);
    expect((await call('GET', '/bank-statements/bookings?q=Q')).json().data).toEqual([]);
    expect((await call('GET', '/bank-statements/bookings?q=%25')).json().data).toEqual([]);

    const rec = await call('POST', `/bank-statement-lines/${l.id}/record`, {
      allocations: [{ booking_id: b.id, amount: '300.00' }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect((await paymentsOf(b.id)).map((p) => [p.payment_amount, p.bank_line_id])).toEqual([
      ['300.00', l.id],
    ]);
    const after = (await call('GET', `/bank-statements/bookings?q=Quibble${kind}`)).json().data;
    expect(after.find((x: { booking_id: number }) => x.booking_id === b.id).owed).toBe('748.00');
  });

  it('sets a line aside and back', async () => {
    const res = await upload(
      'aside.ofx',
      ofxSgml([line({ amount: '5.00', reference: 'X', payer: 'Y' })], `ASIDE${kind}`),
    );
    const [l] = await lines(res.json().data.id);
    expect((await call('POST', `/bank-statement-lines/${l.id}/ignore`, { ignored: true })).statusCode).toBe(
      200,
    );
    expect((await lines(res.json().data.id))[0].status).toBe('ignored');
    expect((await call('POST', `/bank-statement-lines/${l.id}/ignore`, { ignored: false })).statusCode).toBe(
      200,
    );
    expect((await lines(res.json().data.id))[0].status).toBe('unmatched');
    expect((await call('GET', '/bank-statements/table')).json().recordsTotal).toBeGreaterThan(3);
  });
});
