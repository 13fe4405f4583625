import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

/** A free-ish TCP port for a test server. */
export const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

/**
 * Starts `src/server/main.ts` as its own process (as `npm start` does, without the web build) with
 * `env` on top of ours, and waits until GET /api/health answers 200 (or fails after `timeoutMs`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = env.PORT ?? String(randomPort());
  let out = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', APP_ENV: 'test', ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => {
    out += d;
  });
  proc.stderr?.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    proc.kill('SIGKILL');
    throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${out}`);
  }
  return {
    url,
    proc,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        // Already gone (exited, or ended by a signal such as a test's SIGKILL).
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill('SIGTERM');
      }),
  };
}
