import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue #11 point 9: no area of the web app imports another area's page file (a `*Page.tsx`), and
// no area imports from `shell/` (the app's frame). What two areas share lives in `ui/`, `api/` or
// a named module of the area that owns it (e.g. `customers/CustomerForm.tsx`). Every web call goes
// through the contract: `api.call(endpoint, …)`, or `api.file(endpoint, …)` for a file endpoint's
// bytes without saving them (a PDF opened for printing), are the client's only methods.
const WEB = path.resolve(__dirname);
const AREAS = path.join(WEB, 'areas');
const SHELL = path.join(WEB, 'shell');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const importsOf = (file: string) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

/** The area folder a path lies in, or null. */
const areaOf = (p: string) => {
  const rel = path.relative(AREAS, p);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
};

describe('web layers', () => {
  it("no area imports another area's page file or the shell", () => {
    const found: string[] = [];
    for (const file of sourceFiles(AREAS)) {
      const own = areaOf(file);
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const where = `${path.relative(WEB, file)}: ${spec}`;
        if (target === SHELL || target.startsWith(SHELL + path.sep)) found.push(where);
        const other = areaOf(target);
        if (other && other !== own && /Page$/.test(path.basename(target).replace(/\.tsx?$/, '')))
          found.push(where);
      }
    }
    expect(found).toEqual([]);
  });

  it('no screen calls the server except through the contract (api.call, api.file)', () => {
    const found: string[] = [];
    for (const file of sourceFiles(WEB)) {
      if (file.endsWith(path.join('api', 'client.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bapi\.(\w+)\b|\bfetch\(/g)) {
        if (m[1] === 'call' || m[1] === 'file') continue;
        found.push(`${path.relative(WEB, file)}: ${m[0]}`);
      }
    }
    expect(found).toEqual([]);
  });
});
