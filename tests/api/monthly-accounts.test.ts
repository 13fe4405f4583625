import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHS } from '../../src/shared/api/monthly-accounts';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Monthly accounts (spec 2 §2 Monthly accounts, §3 setting_meta_data, §7 settings/monthly-accounts*).
describe.each(testDbKinds)('monthly accounts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const year = (y: string | number, numbers: (string | number)[]) => ({
    year: y,
    accounts: numbers.map((n, i) => ({
      id: String(i + 1).padStart(2, '0'),
      month: MONTHS[i],
      accountNumber: n,
    })),
  });

  it('starts empty, then replaces all years in one call (any role)', async () => {
    const empty = await call('/settings/monthly-accounts', t.accountantToken);
    expect(empty.json()).toEqual({ success: true, data: { setting_meta_data: [] } });

    const first = await call('/settings/monthly-accounts/update', t.adminToken, {
      setting_meta_data: [
        year(2026, [4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 4011, 4012]),
        year('2025', ['0301', '', '', '', '', '', '', '', '', '', '', '0312']),
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'Monthly accounts updated successfully.' });

    const read = await call('/settings/monthly-accounts', t.accountantToken);
    const data = read.json().data.setting_meta_data;
    expect(data.map((y: { year: string }) => y.year)).toEqual(['2025', '2026']);
    expect(data[0].accounts[0]).toEqual({ id: '01', month: 'January', accountNumber: '0301' });
    expect(data[0].accounts[1]).toEqual({ id: '02', month: 'February', accountNumber: '' });
    expect(data[1].accounts).toHaveLength(12);
    expect(data[1].accounts[11]).toEqual({ id: '12', month: 'December', accountNumber: '4012' });

    // A year removed on screen disappears; role 2 may update too (spec 2 §6 gates nothing here).
    const second = await call('/settings/monthly-accounts/update', t.accountantToken, {
      setting_meta_data: [year('2027', ['', '', '', '', '', '', '', '', '', '', '', ''])],
    });
    expect(second.statusCode).toBe(200);
    const after = (await call('/settings/monthly-accounts', t.adminToken)).json().data.setting_meta_data;
    expect(after).toHaveLength(1);
    expect(after[0].year).toBe('2027');
    expect(after[0].accounts.every((a: { accountNumber: string }) => a.accountNumber === '')).toBe(true);
  });

  it('answers 422 for a bad year, a year twice or letters in a number, and keeps what was there', async () => {
    await call('/settings/monthly-accounts/update', t.adminToken, {
      setting_meta_data: [year(2030, ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'])],
    });
    const res = await call('/settings/monthly-accounts/update', t.adminToken, {
      setting_meta_data: [
        year('26', ['1', '', '', '', '', '', '', '', '', '', '', '']),
        year(2031, ['12a', '', '', '', '', '', '', '', '', '', '', '']),
        year(2031, ['', '', '', '', '', '', '', '', '', '', '', '']),
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'setting_meta_data.0.year': ['The year must have 4 digits, e.g. 2026.'],
      'setting_meta_data.1.accounts.0.accountNumber': ['The account number may contain digits only.'],
      'setting_meta_data.2.year': ['The year 2031 is listed twice.'],
    });
    const kept = (await call('/settings/monthly-accounts', t.adminToken)).json().data.setting_meta_data;
    expect(kept.map((y: { year: string }) => y.year)).toEqual(['2030']);
    expect((await call('/settings/monthly-accounts/update', t.adminToken, {})).statusCode).toBe(422);
  });
});
