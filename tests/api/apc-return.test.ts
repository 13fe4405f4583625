import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import * as s from '../../src/server/db/schema';
import { COMPLIANCE_REPORT_MESSAGES } from '../../src/shared/api/compliance-reports';
import { createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';
import { createBooking, createCustomer } from '../helpers/factories';
import {
  asObjects,
  expectReportLayout,
  fetchReport,
  readXlsxReport,
  refusedReport,
  rowLabelled,
} from '../helpers/reports';

const RETURN = '/reports/atol-apc-return';

// Issue #27: the ATOL APC return (ATOL Regulations 2012, CAA APC guidance; APC £2.50 per passenger aged 2+).
describe.each(testDbKinds)('ATOL APC return on %s', (kind) => {
  let t: TestContext;

  /** A certificate row as issuing stores it: APC = passengers aged 2+ × the rate of its date. */
  const certificate = (
    bookingId: number,
    ref: string,
    version: number,
    issuedAt: string,
    protectedCount: number,
    apcPassengers: number,
    revenue: string | null,
    superseded = true,
  ) =>
    t.db.insert(s.atol_certificates).values({
      holiday_booking_id: bookingId,
      version,
      reference: `${ref}-${version}`,
      reason: version === 1 ? 'First payment recorded' : 'passengers, flights',
      fingerprint: `${ref}-${version}`,
      passengers_protected: protectedCount,
      apc_passengers: apcPassengers,
      apc_per_passenger: '2.50',
      apc_total: (apcPassengers * 2.5).toFixed(2),
      licensable_revenue: revenue,
      issued_at: issuedAt,
      superseded_at: superseded ? issuedAt : null,
    });

  beforeAll(async () => {
    t = await createTestContext(kind);
    const db = t.db;
    await db.execute(sql`delete from system_settings where name in ('company_name', 'atol_number')`);
    await db.insert(s.system_settings).values([
      { name: 'company_name', value: 'Lakeland Tours Ltd' },
      { name: 'atol_number', value: '12345' },
    ]);
    const ann = await createCustomer(db, { title: 'Mrs', first_name: 'Ann', last_name: 'Lee' });
    const p1 = await createBooking(db, { booking_ref: 'P1', customer_id: ann.id, total_due: '2600.00' });
    const p2 = await createBooking(db, { booking_ref: 'P2', customer_id: ann.id, total_due: '1500.00' });
    const p3 = await createBooking(db, { booking_ref: 'P3', customer_id: ann.id, total_due: '1200.00' });
    await db.insert(s.passengers).values([
      { holiday_booking_id: p1.id, title: 'Mr', first_name: 'Tom', last_name: 'Lee' },
      { holiday_booking_id: p1.id, first_name: 'Amy', last_name: 'Lee' },
    ]);
    // P1: two adults and a baby under 2 (3 protected, 2 pay APC); re-issued in February for a flight
    // time (same passengers: nothing more); a third adult added, issued 23:30 UTC on 31/03 — 00:30
    // on 1 April in London (BST), so in the second quarter.
    await certificate(p1.id, 'P1', 1, '2026-01-15T10:00:00Z', 3, 2, '2000.00');
    await certificate(p1.id, 'P1', 2, '2026-02-10T10:00:00Z', 3, 2, '2000.00');
    await certificate(p1.id, 'P1', 3, '2026-03-31T23:30:00Z', 4, 3, '2600.00', false);
    // P2: two adults, March.
    await certificate(p2.id, 'P2', 1, '2026-03-20T12:00:00Z', 2, 2, '1500.00', false);
    // P3: one adult in December (last quarter); a second added on 5 January, the price 900 → 1,200.
    await certificate(p3.id, 'P3', 1, '2025-12-31T12:00:00Z', 1, 1, '900.00');
    await certificate(p3.id, 'P3', 2, '2026-01-05T12:00:00Z', 2, 2, '1200.00', false);
  });
  afterAll(async () => t?.close());

  it('a quarter worked by hand: a re-issue adds only added passengers, a baby under 2 pays none', async () => {
    const { data, name } = await fetchReport(t, RETURN, { period: '2026-Q1' });
    expect(name).toBe('ATOL-APC-Return-2026-Q1.xlsx');
    const r = await readXlsxReport(data);
    expectReportLayout(
      r,
      'ATOL APC Return',
      ['APC per passenger', 'APC due', 'Licensable revenue', 'Revenue added'],
      ['Issued on'],
    );
    const pick = (o: Record<string, unknown>) => [
      o.Certificate,
      o['Booking ref'],
      o['Issued on'],
      o['Passengers protected'],
      o['Passengers aged 2+'],
      o['APC passengers (new)'],
      o['APC per passenger'],
      o['APC due'],
      o['Licensable revenue'],
      o['Revenue added'],
    ];
    const rows = asObjects(r);
    expect(rows.map(pick)).toEqual([
      ['P3-2', 'P3', '05/01/2026', 2, 2, 1, 2.5, 2.5, 1200, 300],
      ['P1-1', 'P1', '15/01/2026', 3, 2, 2, 2.5, 5, 2000, 2000],
      ['P1-2', 'P1', '10/02/2026', 3, 2, 0, 2.5, 0, 2000, 0],
      ['P2-1', 'P2', '20/03/2026', 2, 2, 2, 2.5, 5, 1500, 1500],
    ]);
    expect(rows[1]['Lead name']).toBe('Mr Tom Lee');
    expect(rows[3]['Lead name']).toBe('Mrs Ann Lee');
    // 1 + 2 + 0 + 2 = 5 passengers; 5 × £2.50 = £12.50; 300 + 2,000 + 0 + 1,500 = £3,800.00.
    const total = rowLabelled(r, 'Total');
    expect(total).toMatchObject({ 'APC passengers (new)': 5, 'APC due': 12.5, 'Revenue added': 3800 });
    expect(r.filters).toContain('ATOL holder: Lakeland Tours Ltd');
    expect(r.filters).toContain('ATOL number: 12345');
    expect(r.filters).toContain('Period: Q1 2026 (January–March)');
    expect(r.filters).toContain('Passengers (aged 2+): 5');
    expect(r.filters).toContain('APC due: £12.50');
    expect(r.filters).toContain('Licensable revenue: £3,800.00');
    // The return itself on its own sheet, one figure a line, equal to the table's totals.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as unknown as ArrayBuffer);
    const lines: [string, unknown][] = [];
    wb.getWorksheet('APC return')?.eachRow((row) =>
      lines.push([String(row.getCell(1).value), row.getCell(2).value]),
    );
    expect(lines).toEqual([
      ['APC return', null],
      ['ATOL holder: Lakeland Tours Ltd', null],
      ['ATOL number: 12345', null],
      ['Period: Q1 2026 (January–March)', null],
      ['ATOL certificates issued: 4', null],
      ['Passengers aged 2 or over charged APC: 5', null],
      ['ATOL Protection Contribution due', 12.5],
      ['Licensable revenue', 3800],
    ]);
  });

  it('a month, and the London day of the issue: 23:30 UTC on 31/03 is April', async () => {
    const march = asObjects(await readXlsxReport((await fetchReport(t, RETURN, { period: '2026-03' })).data));
    expect(march.map((o) => o.Certificate)).toEqual(['P2-1']);
    const april = asObjects(await readXlsxReport((await fetchReport(t, RETURN, { period: '2026-04' })).data));
    expect(
      april.map((o) => [o.Certificate, o['Issued on'], o['APC passengers (new)'], o['APC due']]),
    ).toEqual([['P1-3', '01/04/2026', 1, 2.5]]);
  });

  it('reconciles to the stored certificates to the penny: over every period, each booking pays its most passengers once', async () => {
    let apc = 0;
    for (const period of ['2025-Q4', '2026-Q1', '2026-Q2']) {
      const r = await readXlsxReport((await fetchReport(t, RETURN, { period })).data);
      apc += Math.round(Number(rowLabelled(r, 'Total')?.['APC due'] ?? 0) * 100);
    }
    const [stored] = await queryRows<{ pence: number }>(
      t.db,
      sql`select (sum(m) * 100)::int as pence from (
            select max(apc_total) as m from atol_certificates group by holiday_booking_id) x`,
    );
    expect(apc).toBe(stored.pence); // P1 £7.50 + P2 £5.00 + P3 £5.00 = £17.50
    expect(apc).toBe(1750);
  });

  it('refuses a period that is not a month or a quarter', async () => {
    for (const period of ['', '2026-13', '2026-Q5', 'March']) {
      const res = await refusedReport(t, RETURN, { period });
      expect(res.status, period).toBe(422);
      expect(res.body.errors?.period).toEqual([COMPLIANCE_REPORT_MESSAGES.period]);
    }
  });
});
