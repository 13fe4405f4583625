import type { Db } from '../client';
import * as s from '../schema';
import { insertRows } from './bulk';
import { DAY_MS, isoDate } from './gen';

/** A GB IBAN with correct check digits for a bank code, sort code and account number. */
export function gbIban(bank: string, sortCode: string, account: string): string {
  const bban = `${bank}${sortCode}${account}`;
  const digits = `${bban}GB00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `GB${String(98 - rest).padStart(2, '0')}${bban}`;
}

const MANAGERS = [
  [
    'Fiona',
    'MacLeod',
    '4 Rose Street, Edinburgh EH2 2PR',
    '0131 496 0121',
    'BOFS',
    '802260',
    'Bank of Scotland',
  ],
  ['Gareth', 'Price', '9 Castle Street, Cardiff CF10 1BS', '029 2018 0342', 'LOYD', '309634', 'Lloyds Bank'],
  ['Helen', 'Whitaker', '27 Stonegate, York YO1 8AW', '01904 496 588', 'BARC', '203253', 'Barclays'],
  ['Tom', 'Okafor', '112 Deansgate, Manchester M3 2GQ', '0161 496 0774', 'NWBK', '601613', 'NatWest'],
  [
    'Sian',
    'Llewellyn',
    '3 The Parade, Leamington Spa CV32 4AT',
    '01926 496 120',
    'HBUK',
    '400530',
    'HSBC UK',
  ],
  [
    'Martin',
    'Doyle',
    '58 Grainger Street, Newcastle upon Tyne NE1 5JG',
    '0191 496 0455',
    'MIDL',
    '401276',
    'HSBC UK',
  ],
] as const;

/** First day (UTC day number) of the calendar quarter holding `day`, and of the quarter before. */
function quarterStarts(day: number): { current: number; previous: number; next: number } {
  const d = new Date(day * DAY_MS);
  const q = Math.floor(d.getUTCMonth() / 3) * 3;
  const at = (monthOffset: number) => Date.UTC(d.getUTCFullYear(), q + monthOffset, 1) / DAY_MS;
  return { current: at(0), previous: at(-3), next: at(3) };
}

/**
 * Demo data of spec 2's settings and tour managers: six tour managers with UK bank details, USD and
 * EUR exchange rates for the current and the previous quarter (so 'rates valid today' has both),
 * and monthly account numbers for the current year. Fixed values, dates relative to `today`.
 */
export async function seedStaffAndMoney(db: Db, today: number): Promise<void> {
  await insertRows(
    db,
    s.tour_managers,
    MANAGERS.map(([first, last, address, phone, bank, sort, bankName], i) => {
      const account = String(41_000_000 + i * 1_234_567).slice(0, 8);
      return {
        firstname: first,
        lastname: last,
        email: `${first}.${last}@tourleaders.co.uk`.toLowerCase(),
        mobile_number: `07700 900${String(101 + i * 37).padStart(3, '0')}`,
        telephone_number: phone,
        address,
        iban_number: gbIban(bank, sort, account),
        bic_swift_number: `${bank}GB2L`,
        account_number: account,
        sort_code: `${sort.slice(0, 2)}-${sort.slice(2, 4)}-${sort.slice(4)}`,
        bank_name: bankName,
      };
    }),
  );

  const q = quarterStarts(today);
  const rates: (typeof s.currencies.$inferInsert)[] = [];
  for (const [name, code, symbol, previous, current] of [
    ['US Dollar', 'USD', '$', '1.25', '1.27'],
    ['Euro', 'EUR', '€', '1.16', '1.17'],
  ] as const) {
    rates.push(
      {
        name,
        short_name: code,
        symbol,
        exchange_rate: previous,
        start_date: isoDate(q.previous),
        end_date: isoDate(q.current - 1),
      },
      {
        name,
        short_name: code,
        symbol,
        exchange_rate: current,
        start_date: isoDate(q.current),
        end_date: isoDate(q.next - 1),
      },
    );
  }
  await insertRows(db, s.currencies, rates);

  const year = new Date(today * DAY_MS).getUTCFullYear();
  await insertRows(
    db,
    s.monthly_accounts,
    Array.from({ length: 12 }, (_, i) => ({
      year,
      month: i + 1,
      account_number: `7${String(year).slice(2)}${String(i + 1).padStart(2, '0')}0`,
    })),
  );
}
