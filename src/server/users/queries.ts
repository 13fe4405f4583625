import { and, eq, sql } from 'drizzle-orm';
import { type Db, preparedRows, queryRows } from '../db/client';
import { login_failures, user_tokens, users } from '../db/schema';

/** A signed-in member of staff as requests carry it (`req.user`): role 1 Admin, 2 Accountant. */
export type StaffUser = { id: number; name: string; email: string; role: number };

/** The `users` row of this email (already lower-cased by the caller), hash included; or undefined. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Why a presented token no longer opens a session: signed out or never issued, past its expiry, idle too long. */
export type SessionEnd = 'unknown' | 'expired' | 'idle';

/**
 * The user owning the token with this hash, or why the token is refused: 'expired' (past
 * expires_at), 'idle' (no request for `idleMinutes` minutes), 'unknown' (no such token). A token
 * that is accepted has its last_used_at moved to now() in the same statement — only when it is
 * more than a minute old, so a busy session writes at most once a minute (the idle end is thus
 * exact to within a minute).
 */
export async function findUserByTokenHash(
  db: Db,
  tokenHash: string,
  idleMinutes: number,
): Promise<{ user: StaffUser } | { user?: undefined; ended: SessionEnd }> {
  const [row] = await preparedRows<StaffUser & { expired: boolean; idle: boolean }>(
    db,
    sql`with t as (
          select id, user_id, expires_at <= now() as expired,
                 last_used_at <= now() - make_interval(mins => ${idleMinutes}) as idle,
                 last_used_at < now() - interval '1 minute' as stale
          from user_tokens where token_hash = ${tokenHash}
        ), touched as (
          update user_tokens ut set last_used_at = now()
          from t where ut.id = t.id and t.stale and not t.expired and not t.idle
        )
        select u.id, u.name, u.email, u.role, t.expired, t.idle
        from t join users u on u.id = t.user_id`,
  );
  if (!row) return { ended: 'unknown' };
  if (row.expired) return { ended: 'expired' };
  if (row.idle) return { ended: 'idle' };
  return { user: { id: row.id, name: row.name, email: row.email, role: row.role } };
}

/** Stores a token's SHA-256 with its expiry (last used now). */
export async function insertToken(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db
    .insert(user_tokens)
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt.toISOString() });
}

/** Deletes the user's tokens that are past their expiry or idle for `idleMinutes` (housekeeping at sign-in). */
export async function deleteEndedTokens(db: Db, userId: number, idleMinutes: number) {
  await db.delete(user_tokens).where(
    and(
      eq(user_tokens.user_id, userId),
      sql`(${user_tokens.expires_at} <= now()
             or ${user_tokens.last_used_at} <= now() - make_interval(mins => ${idleMinutes}))`,
    ),
  );
}

/** Deletes the token with this hash (sign-out); nothing when there is none. */
export async function deleteToken(db: Db, tokenHash: string) {
  await db.delete(user_tokens).where(eq(user_tokens.token_hash, tokenHash));
}

/**
 * Failed sign-ins within the last `windowMinutes` minutes: for this email in `realm`, and from this
 * client address (every email of either realm; 0 when `ip` is unknown). One statement; each half reads its own index
 * (login_failures_email_idx, login_failures_ip_idx).
 */
export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string | undefined,
  windowMinutes: number,
  realm: SignInRealm = 'staff',
): Promise<{ byEmail: number; byIp: number }> {
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const [row] = await queryRows<{ by_email: number; by_ip: number }>(
    db,
    sql`select (select count(*)::int from login_failures
                where email = ${email} and realm = ${realm} and attempted_at > ${since}) as by_email,
               (select count(*)::int from login_failures
                where ip = ${ip ?? null} and attempted_at > ${since}) as by_ip`,
  );
  return { byEmail: row?.by_email ?? 0, byIp: row?.by_ip ?? 0 };
}

/**
 * Whose sign-in: staff (users) or a travel agency (agents, issue #25); 'agent-reset' counts an
 * agency's requests for a reset link, throttled the same way.
 */
export type SignInRealm = 'staff' | 'agent' | 'agent-reset';

/** Counts one failed sign-in for this email (and the caller's IP, when known). */
export async function recordFailure(
  db: Db,
  email: string,
  ip: string | undefined,
  realm: SignInRealm = 'staff',
) {
  await db.insert(login_failures).values({ email, ip, realm });
}

/**
 * Forgets this email's failed sign-ins (after a good one). Only that email's rows: someone
 * spraying many emails from one address cannot wipe their count by signing in to their own account.
 */
export async function clearFailures(db: Db, email: string, realm: SignInRealm = 'staff') {
  await db
    .delete(login_failures)
    .where(and(eq(login_failures.email, email), eq(login_failures.realm, realm)));
}

/** Inserts a user; answers its id, or undefined when that email is taken. */
export async function insertUser(
  db: Db,
  user: { name: string; email: string; password_hash: string; role: number },
): Promise<number | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning({ id: users.id });
  return row?.id;
}
