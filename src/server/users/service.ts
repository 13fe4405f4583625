/**
 * Staff users below the areas: signing in (argon2id passwords, bearer tokens stored as SHA-256
 * with expiry, failed sign-ins throttled per email), token checks, sign-out and creating staff.
 * Used by the auth guard (`http/auth.ts`), the seeds, start-up and the auth, admin-users and agents
 * areas; it imports nothing from `areas/` (checked by `src/server/layers.test.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import * as q from './queries';

export type { StaffUser } from './queries';

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
 * password, 429 once `LOGIN_MAX_FAILURES` failures for that email fall within the window.
 */
export async function login(
  db: Db,
  config: Config,
  input: { email: string; password: string; ip?: string },
): Promise<{ token: string; user: q.StaffUser }> {
  const email = input.email.trim().toLowerCase();
  if ((await q.countRecentFailures(db, email, config.LOGIN_WINDOW_MINUTES)) >= config.LOGIN_MAX_FAILURES) {
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
  return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
}

/** The staff user behind a bearer token, or undefined when unknown or expired. */
export function authenticate(db: Db, token: string) {
  return q.findUserByTokenHash(db, hashToken(token));
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
