/**
 * Staff users below the areas: signing in (argon2id passwords, bearer tokens stored as SHA-256
 * with expiry and an idle end, failed sign-ins throttled per email and per client address), token
 * checks, sign-out and creating staff.
 * Used by the auth guard (`http/auth.ts`), the seeds, start-up and the auth, admin-users and agents
 * areas; it imports nothing from `areas/` (checked by `src/layers.test.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import * as q from './queries';

export type { SessionEnd, StaffUser } from './queries';

export const LOGIN_FAILED_MESSAGE = 'Username & Password are invalid! Please try again.';
export const LOGIN_THROTTLED_MESSAGE =
  'Too many failed sign-in attempts. Please wait a few minutes and try again.';

/** SHA-256 of a bearer token, hex: tokens are stored only in this form. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** argon2id hash of a password (the library's defaults are argon2id). */
export const hashPassword = (password: string) => hash(password);

// A real hash to verify against when the email is unknown, so both paths cost the same time.
let dummyHash: Promise<string> | undefined;

/**
 * Signs a member of staff in (spec 1 §7 POST login). Returns a new opaque token (43 chars,
 * base64url) and the user's role. Throws HttpError 401 with the spec's message on a bad email or
 * password; 429 once `LOGIN_MAX_FAILURES` failures for that email, or `LOGIN_MAX_FAILURES_PER_IP`
 * from `ip` (the client's address: the socket's, or a trusted proxy's X-Forwarded-For), fall
 * within LOGIN_WINDOW_MINUTES — so one address spraying a password over many emails is slowed too.
 */
export async function login(
  db: Db,
  config: Config,
  input: { email: string; password: string; ip?: string },
): Promise<{ token: string; user: q.StaffUser }> {
  const email = input.email.trim().toLowerCase();
  const failures = await q.countRecentFailures(db, email, input.ip, config.LOGIN_WINDOW_MINUTES);
  if (failures.byEmail >= config.LOGIN_MAX_FAILURES || failures.byIp >= config.LOGIN_MAX_FAILURES_PER_IP) {
    throw new HttpError(429, LOGIN_THROTTLED_MESSAGE);
  }
  const user = await q.findUserByEmail(db, email);
  dummyHash ??= hash('not-a-real-password');
  const ok = await verify(user?.password_hash ?? (await dummyHash), input.password).catch(() => false);
  if (!user || !ok) {
    await q.recordFailure(db, email, input.ip);
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  await q.clearFailures(db, email);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.TOKEN_TTL_HOURS * 3600_000);
  await q.insertToken(db, user.id, hashToken(token), expiresAt);
  // Housekeeping: the user's ended tokens are of no use to anyone.
  await q.deleteEndedTokens(db, user.id, config.SESSION_IDLE_MINUTES);
  return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
}

/**
 * The staff user behind a bearer token (`{user}`), or why its session has ended (`{ended}`:
 * 'unknown' — signed out or never issued —, 'expired' after TOKEN_TTL_HOURS, 'idle' after
 * `idleMinutes` without a request). An accepted token counts as used now (see findUserByTokenHash).
 */
export function authenticate(db: Db, token: string, idleMinutes: number) {
  return q.findUserByTokenHash(db, hashToken(token), idleMinutes);
}

/**
 * The 401 message for a session that has ended: says why when it is known, so the login screen
 * can show it ('Your session has ended after 60 minutes without activity. Please sign in again.').
 */
export function sessionEndedMessage(
  ended: q.SessionEnd,
  config: Pick<Config, 'SESSION_IDLE_MINUTES'>,
): string {
  if (ended === 'idle') {
    return `Your session has ended after ${config.SESSION_IDLE_MINUTES} minutes without activity. Please sign in again.`;
  }
  if (ended === 'expired') return 'Your session has expired. Please sign in again.';
  return 'Your session has ended. Please sign in again.';
}

/** Revokes a token on the server (POST logout). */
export function logout(db: Db, token: string) {
  return q.deleteToken(db, hashToken(token));
}

/**
 * Makes sure an admin (role 1) with this email exists (start-up with ADMIN_EMAIL/ADMIN_PASSWORD).
 * Leaves an existing user of that email untouched. Returns true when one was created.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  if (await q.findUserByEmail(db, email.trim().toLowerCase())) return false;
  return (await createStaffUser(db, { name: 'Administrator', email, password, role: 1 })) !== undefined;
}

/** A member of staff to create: role 1 Admin, 2 Accountant; the password in clear. */
export interface NewStaffUser {
  name: string;
  email: string;
  password: string;
  role: number;
}

/**
 * Creates a staff user with the email lower-cased and the password as an argon2id hash.
 * Answers the new id, or undefined when a user already has that email.
 */
export async function createStaffUser(db: Db, user: NewStaffUser): Promise<number | undefined> {
  return q.insertUser(db, {
    name: user.name,
    email: user.email.trim().toLowerCase(),
    password_hash: await hashPassword(user.password),
    role: user.role,
  });
}
