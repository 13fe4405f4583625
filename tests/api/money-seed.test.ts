import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '../../src/server/db/client';
import { seedMoneyScale } from '../../src/server/db/seed/money';
import { seedScale } from '../../src/server/db/seed/scale';
import { createTestDatabase, testDbKinds } from '../helpers/db';

// The large seed's money rows (issue #13): consistent with spec 2 §4 on every invoice.
describe.each(testDbKinds)('money seed on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    db = database.db;
    drop = database.drop;
    await seedScale(db, 3000);
  }, 120_000);
  afterAll(async () => drop?.());

  it('adds invoices, payments, internal payments and adverts that add up', async () => {
    const [c] = await queryRows<Record<string, number>>(
      db,
      sql`select (select count(*) from party_invoices)::int as invoices,
          (select count(*) from invoice_payments)::int as payments,
          (select count(*) from tour_group_payments)::int as internal,
          (select count(*) from tour_group_payments where supplier_invoice_id is not null)::int as linked,
          (select count(*) from advertisements)::int as adverts,
          (select count(*) from advertisement_products)::int as products,
          (select count(*) from party_invoices where invoice_for = 'tour_manager')::int as tm,
          (select count(*) from party_invoices where currency_type = 'EUR')::int as eur,
          (select count(*) from party_invoices i where i.total_paid <> coalesce((select sum(paid_amount)
            from invoice_payments p where p.invoice_id = i.id), 0))::int as bad_paid,
          (select count(*) from party_invoices i where i.total_linked <> coalesce((select sum(invoice_asigned_amount)
            from tour_group_payments p where p.supplier_invoice_id = i.id), 0))::int as bad_linked,
          (select count(*) from advertisements a where a.total_cost < (select coalesce(sum(amount), 0)
            from advertisement_products p where p.advertisement_id = a.id))::int as over_shared`,
    );
    expect(c.invoices).toBe(150);
    expect(c.payments).toBeGreaterThan(c.invoices);
    expect(c.internal).toBeGreaterThan(50);
    expect(c.linked).toBeGreaterThan(10);
    expect(c.adverts).toBeGreaterThanOrEqual(10);
    expect(c.products).toBeGreaterThan(c.adverts);
    expect(c.tm).toBeGreaterThan(0);
    expect(c.eur).toBeGreaterThan(0);
    expect(c.bad_paid).toBe(0);
    expect(c.bad_linked).toBe(0);
    expect(c.over_shared).toBe(0);
    // Adds to what is there.
    await seedMoneyScale(db, { today: Math.floor(Date.now() / 86_400_000), years: 1, factor: 0.01 });
    const [again] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from party_invoices`);
    expect(again.n).toBeGreaterThan(c.invoices);
  });
});
