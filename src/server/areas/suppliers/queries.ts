import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Supplier, SupplierRow, supplierInput } from '../../../shared/api/suppliers';
import { type Db, queryRows } from '../../db/client';
import { suppliers } from '../../db/schema';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { refuseIfInUse } from '../../http/db-errors';
import { notFound } from '../../http/errors';

type SupplierValues = z.output<typeof supplierInput>;

const columns = sql`id, supplier_name, contact_phone_number, email, mobile_number, address, nominal_code,
  iban_number, bic_swift_number, account_number, sort_code, bank_name`;

/** Suppliers table (spec 2 §2 Suppliers): name and edit; quick search; All offered (§9). */
export function supplierTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<SupplierRow>(db, req, {
    from: sql`suppliers`,
    select: sql`id, supplier_name, email, contact_phone_number`,
    sortable: { id: sql`id`, supplier_name: sql`supplier_name`, email: sql`email` },
    defaultOrder: { column: 'supplier_name', dir: 'asc' },
    defaultLength: 25,
    allowAll: true,
    tieBreaker: sql`id`,
    searchable: [sql`supplier_name`, sql`email`, sql`nominal_code`],
  });
}

/** One supplier; 404 when there is none. */
export async function getSupplier(db: Db, id: number): Promise<Supplier> {
  const [row] = await queryRows<Supplier>(db, sql`select ${columns} from suppliers where id = ${id}`);
  if (!row) throw notFound('Supplier not found.');
  return row;
}

const toRow = (v: SupplierValues) => ({
  supplier_name: v.supplier_name,
  contact_phone_number: v.contact_phone_number ?? null,
  email: v.email ?? null,
  mobile_number: v.mobile_number ?? null,
  address: v.address ?? null,
  nominal_code: v.nominal_code ?? null,
  iban_number: v.iban_number ?? null,
  bic_swift_number: v.bic_swift_number ?? null,
  account_number: v.account_number ?? null,
  sort_code: v.sort_code ?? null,
  bank_name: v.bank_name ?? null,
});

/** Inserts a supplier; answers its id. */
export async function createSupplier(db: Db, values: SupplierValues): Promise<number> {
  const [row] = await db.insert(suppliers).values(toRow(values)).returning({ id: suppliers.id });
  return row.id;
}

/** Replaces a supplier's fields; 404 when there is none. */
export async function updateSupplier(db: Db, id: number, values: SupplierValues): Promise<void> {
  const rows = await db
    .update(suppliers)
    .set({ ...toRow(values), updated_at: sql`now()` })
    .where(eq(suppliers.id, id))
    .returning({ id: suppliers.id });
  if (rows.length === 0) throw notFound('Supplier not found.');
}

/** Deletes a supplier; refused (409) while accommodation uses it. */
export async function deleteSupplier(db: Db, id: number): Promise<void> {
  const rows = await refuseIfInUse(
    () => db.delete(suppliers).where(eq(suppliers.id, id)).returning({ id: suppliers.id }),
    'This supplier cannot be deleted: accommodation is linked to it.',
  );
  if (rows.length === 0) throw notFound('Supplier not found.');
}
