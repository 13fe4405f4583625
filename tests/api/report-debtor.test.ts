import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../src/shared/api/reports';
import { addDays, londonToday } from '../../src/shared/dates';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createAgent, createBooking, createCustomer } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  hasLibreOffice,
  libreOfficeCsv,
  readXlsxReport,
  refusedReport,
  reportJob,
  rowLabelled,
} from '../helpers/reports';

const uk = (ymd: string) => `${ymd.slice(8, 10)}/${ymd.slice(5, 7)}/${ymd.slice(0, 4)}`;

// Aged debtors (spec 3 §5 Reports 'Aged debtors', §7 POST reports/debtor-booking; issue #15).
describe.each(testDbKinds)('aged debtor report on %s', (kind) => {
  let t: TestContext;
  const today = londonToday();
  beforeAll(async () => {
    t = await createTestContext(kind);
    const ann = await createCustomer(t.db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
    const agent = await createAgent(t.db, { name: 'Sunway Travel' });
    const booking = (ref: string, due: string, total: string, paid: string, extra: object = {}) =>
      createBooking(t.db, {
        booking_ref: ref,
        customer_id: ann.id,
        departure_date: addDays(due, 60),
        balance_due: due,
        total_due: total,
        paid,
        balance: (Number(total) - Number(paid)).toFixed(2),
        status: 'Confirmed',
        ...extra,
      });
    await booking('D-NOTDUE', addDays(today, 10), '1000.00', '250.00'); // 750.00 not due
    await booking('D-5', addDays(today, -5), '800.10', '100.00'); // 700.10 in 1–30
    await booking('D-45', addDays(today, -45), '500.00', '0.00', { agent_id: agent.id }); // 500.00 in 31–60
    await booking('D-75', addDays(today, -75), '320.55', '20.00'); // 300.55 in 61–90
    await booking('D-120', addDays(today, -120), '99.99', '0.00'); // 99.99 in 90+
    await booking('D-PAID', addDays(today, -5), '400.00', '400.00'); // no balance: left out
    await booking('D-CANC', addDays(today, -5), '400.00', '0.00', {
      cancelled_at: new Date().toISOString(),
      status: 'Cancelled',
    });
    await booking('D-LATE', addDays(today, 200), '400.00', '0.00'); // outside the due range
  });
  afterAll(async () => t?.close());

  const body = () => ({ from_date: addDays(today, -365), to_date: addDays(today, 30) });

  it('refuses missing dates with the spec messages and changes nothing', async () => {
    let r = await refusedReport(t, '/reports/debtor-booking', {});
    expect(r.status).toBe(422);
    expect(r.body.errors?.from_date).toEqual([REPORT_MESSAGES.debtorFrom]);
    r = await refusedReport(t, '/reports/debtor-booking', { from_date: today });
    expect(r.body.errors?.to_date).toEqual([REPORT_MESSAGES.debtorTo]);
  });

  it('lists each balance in its age bucket with totals worked by hand', async () => {
    const file = await fetchReport(t, '/reports/debtor-booking', body(), t.accountantToken);
    expect(file.name).toBe('Debtor-Report.xlsx');
    const r = await readXlsxReport(file.data);
    expectReportLayout(
      r,
      'Aged Debtor Report',
      ['Total due', 'Paid', 'Balance', 'Not due', '90+ days'],
      ['Departure', 'Balance due date'],
    );
    expect(r.filters).toContain(`Balance due: ${uk(addDays(today, -365))} to ${uk(addDays(today, 30))}`);
    expect(r.ran).toContain('by Test Accountant');
    const rows = asObjects(r);
    expect(rows.map((x) => x['Booking ref'])).toEqual(['D-120', 'D-75', 'D-45', 'D-5', 'D-NOTDUE']);
    const byRef = Object.fromEntries(rows.map((x) => [x['Booking ref'], x]));
    expect(byRef['D-45']).toMatchObject({
      'Customer / agent': 'Sunway Travel (agent)',
      Balance: 500,
      '31–60 days': 500,
      'Not due': null,
      'Days overdue': 45,
    });
    expect(byRef['D-5']).toMatchObject({
      'Customer / agent': 'Mrs Ann Lee',
      'Total due': 800.1,
      Paid: 100,
      Balance: 700.1,
      '1–30 days': 700.1,
      'Days overdue': 5,
      'Balance due date': uk(addDays(today, -5)),
    });
    expect(byRef['D-NOTDUE']).toMatchObject({ 'Not due': 750, 'Days overdue': 0, '1–30 days': null });
    expect(byRef['D-75']).toMatchObject({ '61–90 days': 300.55 });
    expect(byRef['D-120']).toMatchObject({ '90+ days': 99.99, 'Days overdue': 120 });
    const total = rowLabelled(r, 'Total (5 rows)');
    expect(total).toMatchObject({
      'Total due': 2720.64, // 1000 + 800.10 + 500 + 320.55 + 99.99
      Paid: 370,
      Balance: 2350.64,
      'Not due': 750,
      '1–30 days': 700.1,
      '31–60 days': 500,
      '61–90 days': 300.55,
      '90+ days': 99.99,
    });
    // The job the screen follows finished with the row count.
    expect(await reportJob(t, file.jobId)).toMatchObject({
      status: 'done',
      progress_done: 5,
      progress_total: 5,
    });
  });

  it.runIf(hasLibreOffice && kind === 'pglite')('reads the same in LibreOffice', async () => {
    const file = await fetchReport(t, '/reports/debtor-booking', body());
    const lines = (await libreOfficeCsv(file.data)) as string[][];
    const header = lines[3];
    expect(header.slice(0, 4)).toEqual(['Booking ref', 'Customer / agent', 'Departure', 'Balance due date']);
    const d5 = lines.find((l) => l[0] === 'D-5') as string[];
    expect(d5[3]).toBe(uk(addDays(today, -5)));
    expect(d5[6]).toBe('£700.10');
    const total = lines.find((l) => l[1]?.startsWith('Total') || l[0]?.startsWith('Total')) as string[];
    expect(total).toContain('£2,350.64');
  });

  it('runs six at once: three read at a time, the others wait their turn, every file complete', async () => {
    const files = await Promise.all(
      Array.from({ length: 6 }, () => fetchReport(t, '/reports/debtor-booking', body())),
    );
    for (const f of files) {
      const r = await readXlsxReport(f.data);
      expect(asObjects(r).map((x) => x['Booking ref'])).toEqual(['D-120', 'D-75', 'D-45', 'D-5', 'D-NOTDUE']);
      expect(await reportJob(t, f.jobId)).toMatchObject({ status: 'done', progress_done: 5 });
    }
  });

  it('answers an empty report with its message when nothing is owed', async () => {
    const file = await fetchReport(t, '/reports/debtor-booking', {
      from_date: '2001-01-01',
      to_date: '2001-01-31',
    });
    const r = await readXlsxReport(file.data);
    expect(r.rows).toEqual([['No bookings with a balance outstanding fall due in these dates.']]);
  });
});
