import { sql } from 'drizzle-orm';
import type { AdminUser } from '../../../shared/api/admin-users';
import { type Db, queryRows } from '../../db/client';
import { type DataTablesRequest, runSimpleTable } from '../../http/datatables';
import { notFound } from '../../http/errors';

/** Admin users table (spec 2 §2 Admin users): name, email, role; quick search on name and email. */
export function adminUserTable(db: Db, req: DataTablesRequest) {
  return runSimpleTable<AdminUser>(db, req, {
    from: sql`users`,
    select: sql`id, name, email, role`,
    sortable: { id: sql`id`, name: sql`name`, email: sql`email`, role: sql`role` },
    defaultOrder: { column: 'name', dir: 'asc' },
    defaultLength: 25,
    tieBreaker: sql`id`,
    searchable: [sql`name`, sql`email`],
  });
}

/** One admin user without the password hash; 404 when there is none. */
export async function getAdminUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await queryRows<AdminUser>(db, sql`select id, name, email, role from users where id = ${id}`);
  if (!row) throw notFound('Admin user not found.');
  return row;
}
