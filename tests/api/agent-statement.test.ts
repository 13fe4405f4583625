import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatementDocument } from '../../src/server/areas/agent-side/statement';
import { statementDocument } from '../../src/server/areas/agent-side/statement-pdf';
import { queryRows } from '../../src/server/db/client';
import { renderPdf } from '../../src/server/documents/pdf';
import { hashPassword } from '../../src/server/users/service';
import type { AgentStatement } from '../../src/shared/api/agent-side';
import { poundsText } from '../../src/shared/money-text';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { bookingCalls } from '../helpers/booking-calls';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBookableInstance, createBooking, createCustomer } from '../helpers/factories';

// The agency's commission statement (issue #25, spec 1 §9 agent accounts): only the signed-in
// agency's bookings departing in the month (cancelled ones with their cancellation value), every
// row's commission, VAT and net balance equal to the staff screen's agent accounts to the penny, the
// same figures in the spreadsheet and the PDF, 422 for a bad month, and agency B never sees A's.
// STATEMENT_OUT=<dir> writes the PDFs there (to look at them as pictures).

const PASSWORD = 'agency-pass-1';
const MONTH = '2027-06';

async function pdfText(pdf: Buffer): Promise<{ text: string; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

async function save(name: string, pdf: Buffer) {
  const out = process.env.STATEMENT_OUT;
  if (!out) return;
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, name), pdf);
}

const MONEY = ['gross', 'commission', 'vat', 'net', 'paid', 'net_balance'] as const;

describe.each(testDbKinds)('agent commission statement (%s)', (kind) => {
  let t: TestContext;
  const { call, detail, lineOf, newBooking } = bookingCalls(() => t);
  const ids: Record<string, number> = {};
  const tokens: Record<'a' | 'b', string> = { a: '', b: '' };
  const agentGet = (url: string, token = tokens.a) =>
    t.app.inject({ method: 'GET', url: `/api/agent${url}`, headers: bearer(token) });

  const pay = async (id: number, amount: string) => {
    const res = await call('POST', '/payments', {
      holiday_booking_id: id,
      payment_method: 'bacs',
      payment_amount: amount,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    const agencyA = await createAgent(db, {
      name: 'Harbour Travel',
      abta: 'P7788',
      email: 'desk@harbour.test',
      commission: '12.50',
      address_line_1: '4 Quay Street',
      town_city: 'Bristol',
      postcode: 'BS1 4DJ',
      password_hash: await hashPassword(PASSWORD),
    });
    const agencyB = await createAgent(db, {
      name: 'Other Agency',
      email: 'desk@other.test',
      password_hash: await hashPassword(PASSWORD),
    });
    const june1 = await createBookableInstance(db, { departure_date: '2027-06-01' });
    const june15 = await createBookableInstance(db, { departure_date: '2027-06-15' });
    const june30 = await createBookableInstance(db, { departure_date: '2027-06-30' });
    const july1 = await createBookableInstance(db, { departure_date: '2027-07-01' });

    // A: a non-commissionable extra (parking) besides the holiday, a passenger naming the client.
    ids.extra = await newBooking({ agent_id: agencyA.id, tour_bookings: [lineOf(june1, 2)] });
    let res = await call('POST', '/update-booking/update-pessenger', {
      holiday_booking_id: ids.extra,
      title: 'Mrs',
      first_name: 'Ada',
      last_name: 'Quayle',
      gender: 'Female',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [parking] = await queryRows<{ id: number }>(
      db,
      sql`insert into extras (name, price, commissionable) values ('Airport parking', '60.00', false) returning id`,
    );
    res = await call('POST', `/update-booking/update-extras/${ids.extra}`, {
      extras: [{ id: parking.id, pivot: { qty: 1 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // A: part paid, departing on the month's last day.
    ids.partPaid = await newBooking({ agent_id: agencyA.id, tour_bookings: [lineOf(june30, 3)] });
    await pay(ids.partPaid, '250.00');
    // A: cancelled with a charge, after a payment.
    ids.cancelled = await newBooking({ agent_id: agencyA.id, tour_bookings: [lineOf(june15, 2)] });
    await pay(ids.cancelled, '100.00');
    res = await call('POST', `/bookings/${ids.cancelled}/cancel`, { cancellation_charge: '350.00' });
    expect(res.statusCode, res.body).toBe(200);
    // Not on A's June statement: A's July departure, B's June booking, a direct customer's.
    ids.july = await newBooking({ agent_id: agencyA.id, tour_bookings: [lineOf(july1, 2)] });
    ids.otherAgency = await newBooking({ agent_id: agencyB.id, tour_bookings: [lineOf(june15, 2)] });
    const customer = await createCustomer(db);
    ids.direct = (await createBooking(db, { customer_id: customer.id, instance: june1.instance })).id;

    for (const [k, email] of [
      ['a', 'desk@harbour.test'],
      ['b', 'desk@other.test'],
    ] as const) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/agent/sign-in',
        payload: { email, password: PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      tokens[k] = signIn.json().token;
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const statementOf = async (token = tokens.a): Promise<AgentStatement> => {
    const res = await agentGet(`/statement?month=${MONTH}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("lists only the agency's bookings departing in the month, each row equal to the staff screen's agent accounts", async () => {
    const s = await statementOf();
    expect(s).toMatchObject({ month: MONTH, agency: 'Harbour Travel', abta: 'P7788' });
    const order = [ids.extra, ids.cancelled, ids.partPaid]; // departure 1st, 15th, 30th
    const staff = await Promise.all(order.map(detail));
    expect(s.rows.map((r) => r.booking_ref)).toEqual(staff.map((b) => b.booking_ref));
    for (const [i, b] of staff.entries()) {
      const r = s.rows[i];
      const cancelled = b.cancelled_at !== null;
      const gross = cancelled ? b.totals.cancellation_value : b.totals.total_due;
      expect(r).toMatchObject({
        departure_date: b.departure_date,
        status: cancelled ? 'Cancelled' : b.status,
        gross,
        commission: b.totals.commission,
        vat: b.totals.vat,
        paid: b.totals.paid,
        net_balance: b.totals.agent_balance,
      });
      expect(r.net).toBe(new Decimal(gross).minus(r.commission).minus(r.vat).toFixed(2));
    }
    // The rule's inputs, read off the staff screen: 12.5 % on the total due less the parking.
    const [extra, cancelled, partPaid] = staff;
    expect(extra.totals.non_commissionable_extras).toBe('60.00');
    expect(s.rows[0].commission).toBe(
      new Decimal(extra.totals.total_due)
        .minus(60)
        .mul('0.125')
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
    );
    expect(s.rows[0].client).toBe('Ada Quayle');
    expect(s.rows[1]).toMatchObject({ status: 'Cancelled', gross: '350.00', paid: '100.00' });
    expect(cancelled.totals.cancellation_value).toBe('350.00');
    expect(s.rows[2].paid).toBe('250.00');
    expect(partPaid.totals.agent_balance).not.toBe(partPaid.totals.balance);
    for (const k of MONEY)
      expect(s.totals[k]).toBe(s.rows.reduce((sum, r) => sum.plus(r[k]), new Decimal(0)).toFixed(2));
  });

  it('the spreadsheet carries the same rows and totals as numbers with the £ format', async () => {
    const s = await statementOf();
    const res = await agentGet(`/statement.xlsx?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Commission-statement-${MONTH}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(String(ws.getCell('A1').value)).toContain('June 2027');
    expect(String(ws.getCell('A2').value)).toBe('Harbour Travel · ABTA P7788');
    const money = (row: number, col: number) =>
      new Decimal(ws.getRow(row).getCell(col).value as number).toFixed(2);
    for (const [i, r] of s.rows.entries()) {
      const row = ws.getRow(5 + i);
      expect(row.getCell(1).value).toBe(r.booking_ref);
      expect((row.getCell(4).value as Date).toISOString().slice(0, 10)).toBe(r.departure_date);
      expect(row.getCell(4).numFmt).toBe('dd/mm/yyyy');
      expect(row.getCell(6).numFmt).toContain('£');
      expect(MONEY.map((_, c) => money(5 + i, 6 + c))).toEqual(MONEY.map((k) => r[k]));
    }
    const totalRow = 5 + s.rows.length;
    expect(String(ws.getRow(totalRow).getCell(1).value)).toBe('Total (3 bookings)');
    expect(MONEY.map((_, c) => money(totalRow, 6 + c))).toEqual(MONEY.map((k) => s.totals[k]));
  });

  it('the PDF on the letterhead prints the agency, the month, every row and the totals', async () => {
    const s = await statementOf();
    const res = await agentGet(`/statement.pdf?month=${MONTH}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Commission-statement-${MONTH}.pdf`);
    await save(`statement-${kind}.pdf`, res.rawPayload);
    const { text } = await pdfText(res.rawPayload);
    for (const words of [
      'Commission statement',
      'June 2027',
      'Harbour Travel',
      'ABTA P7788',
      '4 Quay Street',
    ])
      expect(text).toContain(words);
    for (const r of s.rows) {
      expect(text).toContain(r.booking_ref);
      expect(text).toContain(`${r.departure_date?.slice(8, 10)}/06/2027`);
      for (const k of MONEY) expect(text).toContain(poundsText(r[k]));
    }
    expect(text).toContain(`Total (3 bookings) ${MONEY.map((k) => poundsText(s.totals[k])).join(' ')}`);
  });

  it("a bad month is 422; agency B never sees A's bookings", async () => {
    for (const month of ['2027-13', '2027-6', 'June', ''])
      for (const file of ['statement', 'statement.xlsx', 'statement.pdf']) {
        const res = await agentGet(`/${file}?month=${month}`);
        expect(res.statusCode, `${file} ${month}`).toBe(422);
      }
    const b = await statementOf(tokens.b);
    const other = await detail(ids.otherAgency);
    expect(b).toMatchObject({ agency: 'Other Agency' });
    expect(b.rows.map((r) => r.booking_ref)).toEqual([other.booking_ref]);
    const a = await statementOf();
    const pdf = await agentGet(`/statement.pdf?month=${MONTH}`, tokens.b);
    const { text } = await pdfText(pdf.rawPayload);
    for (const r of a.rows) expect(text).not.toContain(r.booking_ref);
    // Staff tokens do not open the agent's statement.
    expect((await agentGet(`/statement?month=${MONTH}`, t.adminToken)).statusCode).toBe(401);
  });
});

// No database: the layout of a long month (70 rows of the widest figures) on the letterhead.
describe('agent commission statement PDF layout', () => {
  it('a long month runs onto further pages, every row and the totals printed', async () => {
    const row = (i: number): AgentStatement['rows'][number] => ({
      booking_ref: `HB${700000 + i}`,
      client: i % 7 === 0 ? 'Bartholomew Featherstonehaugh-Cholmondeley' : `Client ${i}`,
      booked_on: '2026-11-02',
      departure_date: '2027-06-12',
      status: i % 9 === 0 ? 'Cancelled' : 'Confirmed',
      gross: '1234567.89',
      commission: '154320.99',
      vat: '30864.20',
      net: '1049382.70',
      paid: '1000.00',
      net_balance: '1048382.70',
    });
    const rows = Array.from({ length: 70 }, (_, i) => row(i));
    const s: StatementDocument = {
      month: MONTH,
      month_name: 'June 2027',
      agency: 'Harbour Travel',
      abta: 'P7788',
      address: ['4 Quay Street', 'Bristol', 'BS1 4DJ'],
      rows,
      totals: {
        gross: '1.00',
        commission: '2.00',
        vat: '3.00',
        net: '4.00',
        paid: '5.00',
        net_balance: '6.00',
      },
    };
    const letterhead = {
      company_name: 'Test Tours Ltd',
      company_address: '1 High Street, York YO1 1AA',
      company_phone: '01904 000000',
      company_email: 'office@tours.test',
      company_website: 'tours.test',
      abta_number: 'P1234',
      atol_number: '11234',
      vat_number: 'GB 123 4567 89',
    };
    const pdf = await renderPdf(statementDocument(s, letterhead, '2026-11-28'));
    await save(`statement-long.pdf`, pdf);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(1);
    for (const r of rows) expect(text).toContain(r.booking_ref);
    expect(text).toContain('£1,234,567.89');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});
