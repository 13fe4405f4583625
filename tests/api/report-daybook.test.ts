import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer } from '../helpers/factories';
import {
  asObjects,
  type Cell,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readCsvReport,
  readXlsxReport,
  refusedReport,
  reportJob,
} from '../helpers/reports';

/** Data rows of the day report: subtotal and total labels stand in the Booking ref column. */
const isData = (row: Cell[]) => !String(row[1] ?? '').startsWith('Total');

/** The Date column's values as London wall-clock 'DD/MM/YYYY hh:mm' (readXlsxReport keeps only the day). */
async function dateTimes(data: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: string[] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let n = 5; n <= ws.rowCount; n++) {
    const v = ws.getRow(n).getCell(1).value;
    if (v instanceof Date)
      out.push(
        `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`,
      );
  }
  return out;
}

// Day report (spec 3 §5 Reports 'Day report', §7 POST reports/daybook; issue #15).
describe.each(testDbKinds)('day report on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
    const ann = await createCustomer(t.db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
    const agent = await createAgent(t.db, { name: 'Sunway Travel' });
    const b1 = await createBooking(t.db, { booking_ref: 'HB-D1', customer_id: ann.id, status: 'Confirmed' });
    const b2 = await createBooking(t.db, { booking_ref: 'HB-D2', agent_id: agent.id, status: 'Confirmed' });
    await t.db.execute(sql`insert into monthly_accounts (year, month, account_number)
      values (2026, 3, '4001'), (2026, 6, null), (2026, 7, '4007')`);
    const pay = async (
      booking: number,
      method: string,
      amount: string,
      at: string,
      extra: { txn?: string; voided?: string; reason?: string; reverses?: number } = {},
    ) => {
      const [row] = await queryRows<{ id: number }>(
        t.db,
        sql`insert into payments
            (holiday_booking_id, payment_method, payment_amount, transaction_id, created_at, voided_at, void_reason, reverses_payment_id)
          values (${booking}, ${method}, ${amount}, ${extra.txn ?? null}, ${at}, ${extra.voided ?? null},
                  ${extra.reason ?? null}, ${extra.reverses ?? null})
          returning id`,
      );
      return Number(row.id);
    };
    // Times are UTC; March is GMT (London = UTC), July is BST (London = UTC + 1).
    await pay(b1.id, 'stripe', '60.00', '2026-03-09T23:59:00Z'); // the day before: left out
    await pay(b1.id, 'bacs', '250.00', '2026-03-10T09:15:00Z', { txn: 'BACS-1' });
    const cheque = await pay(b2.id, 'cheque', '100.00', '2026-03-10T14:00:00Z', {
      txn: 'CHQ-7',
      voided: '2026-03-11T10:00:00Z',
      reason: 'Bounced',
    });
    await pay(b2.id, 'cheque', '-100.00', '2026-03-11T10:00:00Z', { txn: 'CHQ-7', reverses: cheque });
    await pay(b1.id, 'ecommpay-refund', '-40.00', '2026-03-11T16:30:00Z', { txn: 'OP-9' });
    await pay(b1.id, 'bacs', '-10.50', '2026-03-11T17:00:00Z');
    await pay(b1.id, 'cash', '75.25', '2026-03-12T00:30:00Z');
    await pay(b2.id, 'ecommpay', '500.00', '2026-06-30T23:30:00Z', { txn: 'EC-1' }); // London 01/07 00:30
    // Card payments that never completed: only in ecommpay_payments, never money moved.
    await t.db.execute(sql`insert into ecommpay_payments (payment_id, holiday_booking_id, amount, status, created_at)
      values ('HB-D1-pending', ${b1.id}, '999.00', 'pending', '2026-03-10T12:00:00Z'),
             ('HB-D1-declined', ${b1.id}, '888.00', 'decline', '2026-03-11T12:00:00Z')`);
  });
  afterAll(async () => t?.close());

  it('refuses missing or wrong filters with the spec messages', async () => {
    const path = '/reports/daybook';
    let r = await refusedReport(t, path, {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.type).toEqual([REPORT_MESSAGES.dayType]);
    r = await refusedReport(t, path, { type: 'pdf', start_date: '2026-03-10' });
    expect(r.body.errors?.type).toEqual([REPORT_MESSAGES.dayType]);
    r = await refusedReport(t, path, { type: 'report' });
    expect(r.body.errors?.start_date).toEqual([REPORT_MESSAGES.dayDate]);
    r = await refusedReport(t, path, { type: 'csv' });
    expect(r.body.errors?.start_date).toEqual([REPORT_MESSAGES.dayStart]);
    expect(r.body.errors?.end_date).toEqual([REPORT_MESSAGES.dayRange]);
    r = await refusedReport(t, path, { type: 'csv', start_date: '2026-03-10' });
    expect(r.body.errors?.end_date).toEqual([REPORT_MESSAGES.dayRange]);
    expect(r.body.errors?.start_date).toBeUndefined();
    r = await refusedReport(t, path, { type: 'report', start_date: '2026-03-10', end_date: '2026-03-09' });
    expect(r.body.errors?.end_date).toEqual([REPORT_MESSAGES.toBeforeFrom]);
  });

  it('lists every movement of the days, subtotals per day and totals per method, worked by hand', async () => {
    const file = await fetchReport(
      t,
      '/reports/daybook',
      { type: 'report', start_date: '2026-03-10', end_date: '2026-03-11' },
      t.accountantToken,
    );
    expect(file.name).toBe('Day-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(r, 'Day Report', ['Amount'], []);
    expect(r.header).toEqual([
      'Date',
      'Booking ref',
      'Customer / agent',
      'Method',
      'Transaction id',
      'Notes',
      'Amount',
      'Account number',
    ]);
    expect(r.formats[0]).toBe('dd/mm/yyyy hh:mm');
    expect(r.filters).toBe('Filters: Payment date: 10/03/2026 to 11/03/2026');
    expect(r.ran).toContain('by Test Accountant');
    // Every row, in time order, with the day subtotals between the days.
    expect(r.rows).toEqual([
      ['10/03/2026', 'HB-D1', 'Mrs Ann Lee', 'BACS', 'BACS-1', null, 250, '4001'],
      [
        '10/03/2026',
        'HB-D2',
        'Sunway Travel (agent)',
        'Cheque',
        'CHQ-7',
        'Voided 11/03/2026: Bounced',
        100,
        '4001',
      ],
      [null, 'Total 10/03/2026', null, null, null, null, 350],
      [
        '11/03/2026',
        'HB-D2',
        'Sunway Travel (agent)',
        'Cheque',
        'CHQ-7',
        'Reversal of the receipt of 10/03/2026',
        -100,
        '4001',
      ],
      ['11/03/2026', 'HB-D1', 'Mrs Ann Lee', 'ECOMMPAY refund', 'OP-9', 'Refund', -40, '4001'],
      ['11/03/2026', 'HB-D1', 'Mrs Ann Lee', 'BACS', null, 'Refund', -10.5, '4001'],
      [null, 'Total 11/03/2026', null, null, null, null, -150.5], // −100 − 40 − 10.50
      [null, 'Total (5 rows)', null, null, null, null, 199.5], // 350 − 150.50
    ]);
    expect(asObjects(r, isData)).toHaveLength(5);
    expect(await dateTimes(file.data)).toEqual([
      '10/03/2026 09:15',
      '10/03/2026 14:00',
      '11/03/2026 10:00',
      '11/03/2026 16:30',
      '11/03/2026 17:00',
    ]);
    // The voided cheque and its reversal sum to 0; pending and declined card payments never appear.
    // In the order first seen; the label stands in the Booking ref column.
    expect(r.below).toEqual([
      ['Totals per payment method'],
      [null, 'BACS', null, null, null, null, 239.5], // 250 − 10.50
      [null, 'Cheque', null, null, null, null, 0], // 100 − 100
      [null, 'ECOMMPAY refund', null, null, null, null, -40],
    ]);
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 5,
      progress_total: 5,
    });
  });

  it('reads one London day: a payment at 23:30 UTC on 30 June is on 01/07 in BST, with July’s account', async () => {
    let r = await readXlsxReport(
      (await fetchReport(t, '/reports/daybook', { type: 'report', start_date: '2026-07-01' })).data,
    );
    expect(r.filters).toBe('Filters: Payment date: 01/07/2026');
    expect(asObjects(r, isData)).toEqual([
      {
        Date: '01/07/2026',
        'Booking ref': 'HB-D2',
        'Customer / agent': 'Sunway Travel (agent)',
        Method: 'ECOMMPAY',
        'Transaction id': 'EC-1',
        Notes: null,
        Amount: 500,
        'Account number': '4007',
      },
    ]);
    r = await readXlsxReport(
      (await fetchReport(t, '/reports/daybook', { type: 'report', start_date: '2026-06-30' })).data,
    );
    expect(r.rows).toEqual([['No payments were recorded on these dates.']]);
  });

  it('writes the CSV named with both dates, the same columns, dates DD/MM/YYYY', async () => {
    const file = await fetchReport(t, '/reports/daybook', {
      type: 'csv',
      start_date: '2026-03-10',
      end_date: '2026-03-12',
    });
    expect(file.name).toBe('Day-Report-2026-03-10-2026-03-12.csv');
    expect(file.contentType).toContain('text/csv');
    const lines = await readCsvReport(file.data);
    expect(lines).toEqual([
      [
        'Date',
        'Booking ref',
        'Customer / agent',
        'Method',
        'Transaction id',
        'Notes',
        'Amount',
        'Account number',
      ],
      ['10/03/2026 09:15', 'HB-D1', 'Mrs Ann Lee', 'BACS', 'BACS-1', '', '250.00', '4001'],
      [
        '10/03/2026 14:00',
        'HB-D2',
        'Sunway Travel (agent)',
        'Cheque',
        'CHQ-7',
        'Voided 11/03/2026: Bounced',
        '100.00',
        '4001',
      ],
      [
        '11/03/2026 10:00',
        'HB-D2',
        'Sunway Travel (agent)',
        'Cheque',
        'CHQ-7',
        'Reversal of the receipt of 10/03/2026',
        '-100.00',
        '4001',
      ],
      ['11/03/2026 16:30', 'HB-D1', 'Mrs Ann Lee', 'ECOMMPAY refund', 'OP-9', 'Refund', '-40.00', '4001'],
      ['11/03/2026 17:00', 'HB-D1', 'Mrs Ann Lee', 'BACS', '', 'Refund', '-10.50', '4001'],
      ['12/03/2026 00:30', 'HB-D1', 'Mrs Ann Lee', 'Cash', '', '', '75.25', '4001'],
    ]);
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, '/reports/daybook', {
      type: 'report',
      start_date: '2026-03-10',
      end_date: '2026-03-11',
    });
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    expect(lines[3].slice(0, 3)).toEqual(['Date', 'Booking ref', 'Customer / agent']);
    const bacs = lines.find((l) => l[4] === 'BACS-1') as string[];
    expect(bacs[0]).toBe('10/03/2026 09:15');
    expect(bacs[6]).toBe('£250.00');
    expect(bacs[7]).toBe('4001');
    expect(lines.find((l) => l[1] === 'Total 11/03/2026')?.[6]).toBe('-£150.50');
    expect(lines.find((l) => l[1] === 'Total (5 rows)')?.[6]).toBe('£199.50');
  });
});
