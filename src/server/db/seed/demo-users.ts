import { hash } from '@node-rs/argon2';
import type { Db } from '../client';
import { users } from '../schema';

/** A member of staff to create: role 1 Admin, 2 Accountant; password in clear (hashed on insert). */
export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: number;
}

/** The demo operator's staff sign-ins (shown in the README; never use them in production). */
export const DEMO_USERS = [
  { name: 'Alice Admin', email: 'admin@demo.test', password: 'demo-admin-2026', role: 1 },
  { name: 'Andy Accountant', email: 'accounts@demo.test', password: 'demo-accounts-2026', role: 2 },
] as const satisfies readonly NewUser[];

/**
 * Creates a staff user: the email is lower-cased and the password stored as an argon2id hash
 * (the library's default algorithm). Returns the new user's id.
 */
export async function createUser(db: Db, user: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: user.name,
      email: user.email.trim().toLowerCase(),
      password_hash: await hash(user.password),
      role: user.role,
    })
    .returning({ id: users.id });
  return row.id;
}
