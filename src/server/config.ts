import path from 'node:path';
import { z } from 'zod';
import { newPasswordSchema } from '../shared/password';
import { parseS3Url } from './storage/s3-url';

/** Where a proxy may be named in TRUST_PROXY: an address, a CIDR range or proxy-addr's named ranges. */
const proxyEntry = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: unset → false (the socket's address is the
 * client; X-Forwarded-* are ignored), else the comma-separated proxies' addresses or CIDR ranges,
 * whose X-Forwarded-For/-Proto/-Host are believed. (A hop count is not offered: Fastify 5 refuses
 * it, because it cannot check that the request really came through the proxy.)
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((v, ctx): false | string[] => {
    if (v === undefined) return false;
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !proxyEntry.safeParse(e).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address or CIDR range: ${bad.map((b) => `'${b}'`).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Why the server will not start in production without APP_URL. */
export const APP_URL_REQUIRED =
  'APP_URL must be set when APP_ENV=production: links in emails are built from it (never from a request).';

/**
 * Every environment variable the server reads (DESIGN.md §6), parsed once.
 * Unknown or malformed values stop the process at start-up with a readable message.
 */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * An S3-compatible bucket for files and backups (storage/s3-url.ts):
   * s3://BUCKET/PREFIX?region=eu-west-2[&endpoint=http://host:9000][&path_style=true]; credentials
   * from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, a profile or role).
   * Unset → the database on a PostgreSQL server, DATA_DIR on the embedded one.
   */
  S3_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseS3Url(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    }),
  APP_ENV: z.string().default('development'),
  ADMIN_EMAIL: z.string().email().optional(),
  /** The password rule of every staff password (src/shared/password.ts): 12+ characters, not a common one. */
  ADMIN_PASSWORD: newPasswordSchema.optional(),
  SEED: z.enum(['demo', 'none']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Back Office <no-reply@example.co.uk>'),
  GETADDRESS_API_KEY: z.string().optional(),
  /**
   * Public base URL of the web app (https://office.example.co.uk): every link sent outward — emails,
   * the card gateway's return address — starts with it; never taken from a request's Host or
   * X-Forwarded-Host. Required in production; elsewhere unset → http://localhost:PORT.
   */
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'Use an http(s) address such as https://office.example.co.uk.' })
    .optional(),
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe (so `req.ip` is the real client, which
   * the sign-in throttle counts): unset → none; '127.0.0.1,10.0.0.0/8' → those proxies. Leave
   * unset when clients reach the server directly.
   */
  TRUST_PROXY: trustProxySchema,
  /** Base URL of the getAddress.io API (a local fake in tests). */
  GETADDRESS_URL: z.string().url().default('https://api.getAddress.io'),
  /** Lifetime of a sign-in token, in hours. */
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  /** A sign-in token ends after this many minutes without a request (besides TOKEN_TTL_HOURS). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  /** Failed sign-ins allowed per email within LOGIN_WINDOW_MINUTES before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins allowed per client address (any emails) within LOGIN_WINDOW_MINUTES before 429. */
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
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
  /**
   * The one home of the public base URL, without a trailing slash: APP_URL, else
   * http://localhost:PORT (never in production, where APP_URL is required). Links are `appUrl + pathTo(…)`.
   */
  appUrl: string;
};

/**
 * Parses `env` (defaults to process.env) into a Config; throws with every problem listed, and
 * when APP_ENV=production has no APP_URL (so `npm start` refuses to start).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema
    .superRefine(
      (c, ctx) => {
        if (c.APP_ENV === 'production' && !c.APP_URL) {
          ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: APP_URL_REQUIRED });
        }
        // Listed with every other problem, not only once the rest is valid.
      },
      { when: () => true },
    )
    .safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // The embedded database seeds demo data by default; a server database only when asked.
  const seedDemo = c.SEED ? c.SEED === 'demo' : !c.DATABASE_URL;
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return { ...c, dataDir: path.resolve(c.DATA_DIR), seedDemo, appUrl };
}
