// Builds the web app into dist/web when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST puts the build elsewhere (the server reads the same variable): two people running the
// browser tests of one checkout at once each build and serve their own copy.
const liveDir = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'dist/web');
const stamp = path.join(liveDir, 'index.html');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** True when dist/web is missing or any web source is newer than it. */
export function webBuildIsStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
    path.join(root, p),
  );
  return sources.some((p) => newestMtime(p) > built);
}

/** Runs `vite build` when needed; exits the process if the build fails. */
export function ensureWebBuilt() {
  if (!webBuildIsStale()) return;
  console.log('[start] building the web app (first run or sources changed)...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // Build beside the live copy and swap it in, so a server (or a second build) running at the same
  // time never sees a half-written dist/web.
  const out = `${liveDir}-build-${process.pid}`;
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', out], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    console.error('[start] the web app failed to build');
    process.exit(r.status ?? 1);
  }
  precompress(path.join(out, 'assets'));
  const live = liveDir;
  const old = `${liveDir}-old-${process.pid}`;
  if (existsSync(live)) renameSync(live, old);
  renameSync(out, live);
  rmSync(old, { recursive: true, force: true });
}

/** Writes .br and .gz beside each script and style sheet; the server sends them to browsers that accept them. */
function precompress(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

// `node scripts/web-build.mjs` builds when stale (the e2e tests need a current build).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) ensureWebBuilt();
