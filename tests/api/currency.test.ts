import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../../src/shared/dates';
import { bearer, createTestContext, type TestContext } from '../helpers/app';
import { testDbKinds } from '../helpers/db';

// Currency exchange rates (spec 2 §2, §3, §5 'Exchange rate: number with step 0.01', §7 currency-exchange/*).
describe.each(testDbKinds)('currency exchange rates on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  const handle = (payload: object, token = t.adminToken) =>
    call('POST', '/currency-exchange/handle', token, payload);

  const today = londonToday();
  const shift = (days: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const usd = {
    name: 'US Dollar',
    short_name: 'usd',
    symbol: '$',
    exchange_rate: 1.27,
    start_date: shift(-10),
    end_date: shift(20),
    flag: 'add',
  };

  it('adds, reads, lists, edits and deletes a rate; the current list starts with Sterling', async () => {
    const added = await handle(usd);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ success: true, message: 'Exchange rate created successfully.' });
    const id = added.json().data.currency_id;

    const one = await call('GET', `/currency-exchange/${id}/get-currency`, t.accountantToken);
    expect(one.json().data).toEqual({
      currency_id: id,
      name: 'US Dollar',
      short_name: 'USD',
      symbol: '$',
      exchange_rate: '1.27',
      start_date: shift(-10),
      end_date: shift(20),
    });

    const eur = await handle({
      name: 'Euro',
      short_name: 'EUR',
      symbol: '€',
      exchange_rate: '1.1650',
      start_date: shift(-40),
      end_date: shift(-1),
      flag: 'add',
    });
    expect(eur.statusCode).toBe(200);
    const table = await call(
      'GET',
      '/currency-exchange/get-table?draw=1&search[value]=eur',
      t.accountantToken,
    );
    expect(table.json()).toMatchObject({ draw: 1, recordsTotal: 2, recordsFiltered: 1 });
    expect(table.json().data[0]).toMatchObject({ name: 'Euro', exchange_rate: '1.165' });

    // Only rates valid today; GBP first at 1.
    const current = await call('GET', '/currency-exchange/get-current-list', t.accountantToken);
    expect(current.json()).toEqual({
      status: true,
      data: [
        {
          currency_id: null,
          name: 'Sterling',
          short_name: 'GBP',
          symbol: '£',
          exchange_rate: '1',
          start_date: null,
          end_date: null,
        },
        expect.objectContaining({ currency_id: id, short_name: 'USD', exchange_rate: '1.27' }),
      ],
    });

    const edited = await handle({ ...usd, exchange_rate: '1.3', flag: 'edit', currency_id: id });
    expect(edited.json()).toMatchObject({ success: true, message: 'Exchange rate updated successfully.' });
    expect(
      (await call('GET', `/currency-exchange/${id}/get-currency`, t.adminToken)).json().data,
    ).toMatchObject({
      exchange_rate: '1.3',
    });

    const deleted = await call('POST', `/currency-exchange/${id}/delete`, t.adminToken);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Exchange rate deleted successfully.' });
    expect((await call('GET', `/currency-exchange/${id}/get-currency`, t.adminToken)).statusCode).toBe(404);
    const refused = await call('POST', `/currency-exchange/${id}/delete`, t.adminToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, message: 'Exchange rate not found.' });
    expect((await call('GET', '/currency-exchange/get-current-list', t.adminToken)).json().data).toHaveLength(
      1,
    );
  });

  it('answers 422: required fields, rate not above 0, end before start, GBP, overlapping periods', async () => {
    const empty = await handle({ flag: 'add' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      name: ['Currency name is required.'],
      short_name: ['Short name is required.'],
      exchange_rate: ['Exchange rate is required.'],
      start_date: ['Start date is required.'],
      end_date: ['End date is required.'],
    });
    const bad = await handle({ ...usd, exchange_rate: 0, start_date: shift(5), end_date: shift(1) });
    expect(bad.json().errors).toEqual({
      exchange_rate: ['The exchange rate must be greater than 0.'],
      end_date: ['End date should be after the start date.'],
    });
    const text = await handle({ ...usd, exchange_rate: 'abc', short_name: 'GBP' });
    expect(text.json().errors).toEqual({
      exchange_rate: ['The exchange rate must be a number, e.g. 1.27.'],
      short_name: ['Sterling (GBP) is the base currency: its rate is always 1.'],
    });

    const first = await handle({ ...usd, short_name: 'CHF', name: 'Swiss Franc', symbol: 'Fr' });
    expect(first.statusCode).toBe(200);
    const overlap = await handle({
      ...usd,
      short_name: 'CHF',
      name: 'Swiss Franc',
      start_date: shift(15),
      end_date: shift(60),
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.start_date[0]).toMatch(/^Another CHF rate already covers/);
    // The next period, and editing a rate within its own period, are fine.
    expect(
      (await handle({ ...usd, short_name: 'CHF', start_date: shift(21), end_date: shift(60) })).statusCode,
    ).toBe(200);
    const own = first.json().data.currency_id;
    expect(
      (await handle({ ...usd, short_name: 'CHF', end_date: shift(19), flag: 'edit', currency_id: own }))
        .statusCode,
    ).toBe(200);
    expect((await handle({ ...usd, flag: 'edit', currency_id: 99999 })).statusCode).toBe(404);
  });

  it('answers 403 to role 2 on save and delete', async () => {
    expect((await handle(usd, t.accountantToken)).statusCode).toBe(403);
    expect((await call('POST', '/currency-exchange/1/delete', t.accountantToken)).statusCode).toBe(403);
  });
});
