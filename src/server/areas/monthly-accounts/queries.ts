import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MONTHS,
  monthId,
  type monthlyAccountsInput,
  type YearAccounts,
} from '../../../shared/api/monthly-accounts';
import { type Db, inTransaction, queryRows } from '../../db/client';

type MonthlyAccountsValues = z.output<typeof monthlyAccountsInput>;

/**
 * The monthly account numbers as the screen reads them (spec 2 §3 Monthly accounts setting): one
 * block per year, oldest first, each with all twelve months ('01'–'12'; '' where none is set).
 */
export async function monthlyAccounts(db: Db): Promise<YearAccounts[]> {
  const rows = await queryRows<{ year: number; month: number; account_number: string | null }>(
    db,
    sql`select year, month, account_number from monthly_accounts order by year, month`,
  );
  const byYear = new Map<number, Map<number, string>>();
  for (const r of rows) {
    const year = Number(r.year);
    if (!byYear.has(year)) byYear.set(year, new Map());
    byYear.get(year)?.set(Number(r.month), r.account_number ?? '');
  }
  return [...byYear].map(([year, months]) => ({
    year: String(year),
    accounts: MONTHS.map((month, i) => ({
      id: monthId(i + 1),
      month,
      accountNumber: months.get(i + 1) ?? '',
    })),
  }));
}

/**
 * POST settings/monthly-accounts/update: replaces every row of `monthly_accounts` with the blocks
 * sent, in one transaction. Each year keeps all twelve months (blank ones as null) so a year with
 * no numbers yet still comes back.
 */
export async function replaceMonthlyAccounts(db: Db, input: MonthlyAccountsValues): Promise<void> {
  const rows = input.setting_meta_data.flatMap((y) => {
    const given = new Map(y.accounts.map((a) => [Number(a.id), a.accountNumber]));
    return MONTHS.map((_, i) => ({
      year: Number(y.year),
      month: i + 1,
      account_number: given.get(i + 1) || null,
    }));
  });
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`delete from monthly_accounts`);
    if (rows.length === 0) return;
    await tx.execute(
      sql`insert into monthly_accounts (year, month, account_number)
          select r.year, r.month, r.account_number
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(year int, month smallint, account_number text)`,
    );
  });
}
