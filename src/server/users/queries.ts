import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { login_failures, user_tokens, users } from '../db/schema';

/** A signed-in member of staff as requests carry it (`req.user`): role 1 Admin, 2 Accountant. */
export type StaffUser = { id: number; name: string; email: string; role: number };

/** The `users` row of this email (already lower-cased by the caller), hash included; or undefined. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user owning an unexpired token with this hash, or undefined. */
export async function findUserByTokenHash(db: Db, tokenHash: string): Promise<StaffUser | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(user_tokens)
    .innerJoin(users, eq(users.id, user_tokens.user_id))
    .where(and(eq(user_tokens.token_hash, tokenHash), gt(user_tokens.expires_at, sql`now()`)))
    .limit(1);
  return row;
}

/** Stores a token's SHA-256 with its expiry, and deletes the user's expired tokens. */
export async function insertToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db
    .insert(user_tokens)
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt.toISOString() });
  // Housekeeping: a user's expired tokens are of no use to anyone.
  await db
    .delete(user_tokens)
    .where(and(eq(user_tokens.user_id, userId), sql`${user_tokens.expires_at} <= now()`));
}

/** Deletes the token with this hash (sign-out); nothing when there is none. */
export async function deleteToken(db: Db, tokenHash: string) {
  await db.delete(user_tokens).where(eq(user_tokens.token_hash, tokenHash));
}

/** Failed sign-ins for this email within the last `windowMinutes` minutes. */
export async function countRecentFailures(db: Db, email: string, windowMinutes: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(login_failures)
    .where(
      and(
        eq(login_failures.email, email),
        gt(login_failures.attempted_at, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    );
  return row?.n ?? 0;
}

/** Counts one failed sign-in for this email (and the caller's IP, when known). */
export async function recordFailure(db: Db, email: string, ip: string | undefined) {
  await db.insert(login_failures).values({ email, ip });
}

/** Forgets this email's failed sign-ins (after a good one). */
export async function clearFailures(db: Db, email: string) {
  await db.delete(login_failures).where(eq(login_failures.email, email));
}

/** Inserts a user; answers its id, or undefined when that email is taken. */
export async function insertUser(
  db: Db,
  user: { name: string; email: string; password_hash: string; role: number },
): Promise<number | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}
