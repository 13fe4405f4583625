import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads (DESIGN.md §6), parsed once.
 * Unknown or malformed values stop the process at start-up with a readable message.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_ENV: z.string().default('development'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Back Office <no-reply@example.co.uk>'),
  GETADDRESS_API_KEY: z.string().optional(),
  /** Public base URL of the web app for links in emails (agent password reset); unset → the request's origin. */
  APP_URL: z.url().optional(),
  /** Base URL of the getAddress.io API (a local fake in tests). */
  GETADDRESS_URL: z.string().url().default('https://api.getAddress.io'),
  /** Lifetime of a sign-in token, in hours. */
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  /** Failed sign-ins allowed per email within LOGIN_WINDOW_MINUTES before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** ECOMMPAY card payments (spec 1 §7 POST payments): the project id and its secret key; unset → card widget off. */
  ECOMMPAY_PROJECT_ID: z.coerce.number().int().positive().optional(),
  ECOMMPAY_SECRET_KEY: z.string().min(1).optional(),
  /** ISO 4217 currency of ECOMMPAY payments (amounts are sent in its minor units). */
  ECOMMPAY_PAYMENT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code such as GBP.')
    .default('GBP'),
  /**
   * Seconds after start before the job workers (the email outbox's included) take work; jobs are
   * still accepted meanwhile. 0 in production; the outbox crash test sets it to commit a message
   * the worker must not deliver before the process is killed.
   */
  JOBS_WORKER_DELAY_SECONDS: z.coerce.number().min(0).default(0),
});

export type Config = z.infer<typeof configSchema> & {
  /** Absolute data directory. */
  dataDir: string;
  /** Demo data is loaded on an empty database when true. */
  seedDemo: boolean;
};

/** Parses `env` (defaults to process.env) into a Config; throws with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // The embedded database seeds demo data by default; a server database only when asked.
  const seedDemo = c.SEED ? c.SEED === 'demo' : !c.DATABASE_URL;
  return { ...c, dataDir: path.resolve(c.DATA_DIR), seedDemo };
}
