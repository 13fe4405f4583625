import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { healthApi } from '../shared/api/health';
import { registerAreas } from './areas';
import type { AreaDeps } from './areas/deps';
import { defineGdprRetention } from './areas/gdpr';
import { definePaymentReminderRuns } from './areas/payment-reminders';
import type { Config } from './config';
import type { Db } from './db/client';
import { installAuth } from './http/auth';
import { installErrorHandler } from './http/error-handler';
import { installInputGuards, safeValidatorCompiler } from './http/input-guards';
import { route } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { installUploads } from './http/uploads';
import { createJobQueue, type JobRunner } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { createOutbox, type OutboxRunner } from './mail/outbox';
import type { FileStore } from './storage/files';
import { defineFileRetention } from './storage/retention';
import { type FileStores, openFileStores } from './storage/stores';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered (method, url, config, schema), in order, including routes left out
     * of the OpenAPI document. The generated safety tests (tests/api/safety.test.ts) walk it.
     */
    routeTable: readonly RouteOptions[];
    /** The job queue (pg-boss): main.ts calls `jobs.startWorkers()`; stopped when the app closes. */
    jobs: JobRunner;
    /** The email outbox: tests call `outbox.drain()` before reading DATA_DIR/outbox. */
    outbox: OutboxRunner;
    /** The file store of uploaded and generated files (storage/stores.ts picks the driver). */
    files: FileStore;
    /** The file store of backups. */
    backupFiles: FileStore;
  }
}

/** Where the OpenAPI pages live: outside the guarded /api plugin, open without a token. */
export const API_DOCS_PREFIX = '/api/docs';

export interface AppDeps {
  db: Db;
  config: Config;
  /** Directory of the built web app; served with history-style fallback when it exists. */
  webDir?: string;
  /** Defaults: the stores `openFileStores` picks; mail by SMTP_URL or into DATA_DIR/outbox. */
  stores?: FileStores;
  mailer?: Mailer;
  /**
   * The clock the app's daily work reads 'today' from (payment reminders, issue #26); default the
   * real time. Tests set it to run simulated days.
   */
  clock?: () => Date;
}

const parseQuery = (s: string) => qs.parse(s, { arrayLimit: 100, depth: 3, parameterLimit: 500 });

/** The built web app: dist/web, or WEB_DIST when set (scripts/web-build.mjs builds into the same place). */
export const defaultWebDir = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/**
 * Builds the Fastify application without listening: the API under /api (OpenAPI at /api/docs),
 * and the built web app for every other path. Used by main.ts and by the tests.
 */
export async function buildApp({
  db,
  config,
  webDir = defaultWebDir,
  stores,
  mailer,
  clock = () => new Date(),
}: AppDeps) {
  // Errors of the background workers go to the app's log (set below, before any worker runs).
  const logError = (message: string, err?: unknown) => app.log.error({ err }, message);
  const jobs = createJobQueue(db, { workerDelayMs: config.JOBS_WORKER_DELAY_SECONDS * 1000, log: logError });
  const fileStores = stores ?? (await openFileStores(db, config));
  const { files, backups: backupFiles } = fileStores;
  const mail = mailer ?? createMailer(config);
  const outbox = createOutbox({ db, files, mailer: mail, jobs, log: logError, appUrl: config.appUrl });
  defineFileRetention({ db, files, backupFiles, jobs });
  const deps: AreaDeps = { db, config, files, backupFiles, mailer: mail, outbox, jobs, clock };
  definePaymentReminderRuns({ ...deps, jobs });
  defineGdprRetention({ ...deps, jobs });
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    routerOptions: { querystringParser: parseQuery },
    bodyLimit: 2 * 1024 * 1024,
    // X-Forwarded-* are believed only from the proxies TRUST_PROXY names (default none): req.ip,
    // which the sign-in throttle counts, cannot be chosen by a client's header.
    trustProxy: config.TRUST_PROXY,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('routeTable', routeTable);
  app.decorate('jobs', jobs);
  app.decorate('outbox', outbox);
  app.decorate('files', files);
  app.decorate('backupFiles', backupFiles);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await outbox.idle();
    await fileStores.close();
  });
  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await installSecurityHeaders(app, {
    card: Boolean(config.ECOMMPAY_PROJECT_ID && config.ECOMMPAY_SECRET_KEY),
  });
  await app.register(formbody, { parser: parseQuery });
  await installUploads(app);
  installInputGuards(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tour operator back office API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', validatorUrl: null },
  });

  await app.register(
    async (api) => {
      installAuth(api, db, config);
      route(api, healthApi.get, { hide: true }, async () => ({
        status: 'ok' as const,
        app_env: config.APP_ENV,
      }));
      await registerAreas(api, deps);
    },
    { prefix: '/api' },
  );

  // Spec 1 §2: '/' redirects to /bookings (the web app sends a visitor without a token on to
  // /login). Answered here, not by the static files, so a client that asks for no compression (curl,
  // a balancer's health check) gets the same as a browser.
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/bookings', 302));

  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt bundle's new assets are found.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: true,
      index: false,
      // .br/.gz written at build time (scripts/web-build.mjs) go to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed bundle names never change content: cache for a year. index.html always revalidates.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?')) {
      return reply
        .status(404)
        .send({ success: false, message: `No API route ${req.method} ${req.url.split('?')[0]}` });
    }
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0]);
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !isFile) {
      // History-style routing: the web app's router handles every other path.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: 'Not found' });
  });
  return app;
}
