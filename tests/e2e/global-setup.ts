import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { randomPort, type ServerProcess, startServerProcess } from '../helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the one demo server the screen tests share (PGlite, demo data). */
    e2eServerUrl: string;
    /** Its DATA_DIR (the mail outbox is DATA_DIR/outbox). */
    e2eDataDir: string;
  }
}

let server: ServerProcess | undefined;
let dataDir: string | undefined;

/**
 * One server with the demo operator for all screen tests (started once per e2e run, ~10 s), so
 * each area's browser test costs only its own clicks. Tests create their own records with unique
 * names and never depend on another file's changes.
 */
export async function setup(project: TestProject) {
  // The server serves dist/web as it is: rebuild it first when sources changed, so a run of the
  // e2e project on its own never tests a stale screen (npm test does the same before it starts).
  // @ts-expect-error a plain .mjs script without type declarations
  const { ensureWebBuilt } = await import('../../scripts/web-build.mjs');
  ensureWebBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tour-e2e-'));
  // APP_URL is the server's own address, as in production: links in emails start with it.
  const port = String(randomPort());
  server = await startServerProcess(
    { DATA_DIR: dataDir, PORT: port, APP_URL: `http://127.0.0.1:${port}` },
    240_000,
  );
  project.provide('e2eServerUrl', server.url);
  project.provide('e2eDataDir', dataDir);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
