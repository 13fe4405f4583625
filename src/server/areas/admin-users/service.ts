import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminUserInput } from '../../../shared/api/admin-users';
import { ROLE_ADMIN } from '../../../shared/permissions';
import { type Db, inTransaction, queryRows } from '../../db/client';
import { uniqueAs } from '../../http/db-errors';
import { notFound, validationError } from '../../http/errors';
import { hashPassword, hashToken } from '../../users/service';

type AdminUserValues = z.output<typeof adminUserInput>;

export const EMAIL_TAKEN = 'The email has already been taken.';
export const LAST_ADMIN =
  'This is the last admin user: make another user an Admin before changing this one to Accountant.';

/**
 * POST admin-users/handle-user (spec 2 §7): adds a user (flag 'add') or edits one (flag 'edit').
 * The password is stored as an argon2id hash; on edit a blank password keeps the current one, and a
 * new one signs the user out everywhere except the caller's own session. The email must be unique
 * (422 'The email has already been taken.'). The last admin may not be made an Accountant: the
 * admins are locked in the same transaction, so two demotions at once cannot leave none.
 * Answers the user's id.
 */
export async function saveAdminUser(db: Db, input: AdminUserValues, callerToken: string): Promise<number> {
  const passwordHash = input.login_password ? await hashPassword(input.login_password) : undefined;
  if (input.flag === 'add') {
    const [row] = await uniqueAs(
      () =>
        queryRows<{ id: number }>(
          db,
          sql`insert into users (name, email, password_hash, role)
              values (${input.name}, ${input.email}, ${passwordHash as string}, ${input.role}) returning id`,
        ),
      'email',
      EMAIL_TAKEN,
    );
    return Number(row.id);
  }
  const id = input.admin_user_id as number;
  return inTransaction(db, async (tx) => {
    const admins = await queryRows<{ id: number }>(
      tx,
      sql`select id from users where role = ${ROLE_ADMIN} order by id for update`,
    );
    const [current] = await queryRows<{ role: number }>(
      tx,
      sql`select role from users where id = ${id} for update`,
    );
    if (!current) throw notFound('Admin user not found.');
    const demotes = current.role === ROLE_ADMIN && input.role !== ROLE_ADMIN;
    if (demotes && admins.every((a) => Number(a.id) === id))
      throw validationError({ role: [LAST_ADMIN] }, LAST_ADMIN);
    await uniqueAs(
      () =>
        tx.execute(
          sql`update users set name = ${input.name}, email = ${input.email}, role = ${input.role},
                password_hash = coalesce(${passwordHash ?? null}, password_hash), updated_at = now()
              where id = ${id}`,
        ),
      'email',
      EMAIL_TAKEN,
    );
    if (passwordHash) {
      await tx.execute(
        sql`delete from user_tokens where user_id = ${id} and token_hash <> ${hashToken(callerToken)}`,
      );
    }
    return id;
  });
}
