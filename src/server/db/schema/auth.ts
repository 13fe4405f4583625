import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './common';

/** Staff users (spec 2 §3 Admin user). role: 1 Admin, 2 Accountant. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  role: smallint('role').notNull().default(2),
  ...timestamps,
});

/**
 * Opaque bearer tokens, stored as SHA-256 hashes, with expiry; deleted on logout. `last_used_at`
 * ends a session left idle for SESSION_IDLE_MINUTES (refreshed at most once a minute).
 */
export const user_tokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.user_id)],
);

/**
 * Failed sign-ins, kept in the database so every server process throttles alike: counted per
 * email and per client address (`ip`, the socket's or TRUST_PROXY's forwarded one).
 */
export const login_failures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** Whose sign-in failed: 'staff' (users) or 'agent' (the travel agent's side, issue #25). */
    realm: text('realm').notNull().default('staff'),
    ip: text('ip'),
    attempted_at: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.realm, t.attempted_at),
    index('login_failures_ip_idx').on(t.ip, t.attempted_at),
  ],
);
