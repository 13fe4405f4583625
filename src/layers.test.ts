import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The boundaries of ARCHITECTURE.md, kept by this test (issue #24):
// 1. The layers below the server's areas never import from them (areas may import from them).
// 2. An area — server `src/server/areas/<area>/` or web `src/web/areas/<area>/` — imports another
//    area only through that area's public module, its `index.ts`; never a file inside it.
// `app.ts`, `main.ts` and `areas/index.ts` compose everything and are not checked.
const SRC = path.resolve(__dirname);
const SERVER = path.join(SRC, 'server');
const SERVER_AREAS = path.join(SERVER, 'areas');
const WEB_AREAS = path.join(SRC, 'web', 'areas');
const BELOW_AREAS = ['http', 'db', 'users', 'lib', 'mail', 'storage', 'jobs', 'documents'];

/**
 * Imports of another area's internals that are allowed, as "importing file: specifier". Keep it
 * empty: export the name from the area's index.ts instead, or move the shared rule below the areas.
 */
const ALLOWED_INTERNAL_IMPORTS: readonly string[] = [];

/** Every .ts/.tsx file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The module specifiers a source text imports, as TypeScript reads them: static and type-only
 * imports, re-exports, `import()` and `require()`.
 */
function importsIn(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

/** "file: specifier" for every relative import of a file below the areas that lands in `areas/`. */
function importsIntoAreas(): string[] {
  const found: string[] = [];
  for (const folder of BELOW_AREAS) {
    for (const file of sourceFiles(path.join(SERVER, folder))) {
      for (const spec of importsIn(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (target === SERVER_AREAS || target.startsWith(SERVER_AREAS + path.sep))
          found.push(`${path.relative(SRC, file)}: ${spec}`);
      }
    }
  }
  return found;
}

/**
 * "file: specifier" for every import, by a file inside an area of `areasDir`, of a file inside
 * another area (anything but the area's folder itself, which resolves to its index.ts).
 */
function internalImports(areasDir: string, files: { file: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { file, source } of files) {
    const own = path.relative(areasDir, file).split(path.sep);
    if (own.length < 2) continue; // areas/index.ts, deps.ts: the composition, not an area
    for (const spec of importsIn(source)) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(areasDir, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (target[0] === '..' || target[0] === own[0] || target.length === 1) continue;
      if (target.length === 2 && target[1] === 'index') continue;
      found.push(`${path.relative(SRC, file)}: ${spec}`);
    }
  }
  return found;
}

/** The areas' import graph, area → areas it imports, from the same scan. */
function areaGraph(areasDir: string, files: { file: string; source: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, source } of files) {
    const own = path.relative(areasDir, file).split(path.sep);
    if (own.length < 2) continue;
    for (const spec of importsIn(source)) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(areasDir, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (target[0] === '..' || target[0] === own[0]) continue;
      if (target[0].endsWith('.ts') || target[0] === 'deps') continue;
      graph.set(own[0], (graph.get(own[0]) ?? new Set()).add(target[0]));
    }
  }
  return graph;
}

/** One cycle of the graph as 'a → b → a', or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node].join(' → ');
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

const read = (dir: string) => sourceFiles(dir).map((file) => ({ file, source: readFileSync(file, 'utf8') }));

describe('layers and boundaries', () => {
  it(`${BELOW_AREAS.join(', ')} import nothing from areas/`, () => {
    expect(importsIntoAreas()).toEqual([]);
  });

  it.each([
    ['server', SERVER_AREAS],
    ['web', WEB_AREAS],
  ])('%s areas import each other only through index.ts', (_side, dir) => {
    const found = internalImports(dir, read(dir)).filter((i) => !ALLOWED_INTERNAL_IMPORTS.includes(i));
    expect(found).toEqual([]);
  });

  it.each([
    ['server', SERVER_AREAS],
    ['web', WEB_AREAS],
  ])('%s areas import each other without a circle', (_side, dir) => {
    expect(findCycle(areaGraph(dir, read(dir)))).toBeNull();
  });

  it('the circle check finds a circle', () => {
    const graph = new Map([
      ['tours', new Set(['availability', 'instances'])],
      ['instances', new Set(['tours'])],
    ]);
    expect(findCycle(graph)).toBe('tours → instances → tours');
    expect(findCycle(new Map([['tours', new Set(['availability'])]]))).toBeNull();
  });

  it('every server area has a public module exporting its routes', () => {
    const areas = readdirSync(SERVER_AREAS, { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = areas
      .map((e) => path.join(SERVER_AREAS, e.name, 'index.ts'))
      .filter(
        (f) =>
          !sourceFiles(path.dirname(f)).includes(f) || !/export const routes\b/.test(readFileSync(f, 'utf8')),
      );
    expect(missing).toEqual([]);
  });

  it('the check sees imports of every form', () => {
    expect(
      importsIn(
        `import type { A } from '../areas/a';\nexport { b } from '../areas/b';\nconst c = await import('../areas/c');`,
      ),
    ).toEqual(['../areas/a', '../areas/b', '../areas/c']);
  });

  it('fails on a new import of another area internals, and passes its public module', () => {
    const file = path.join(SERVER_AREAS, 'tours', 'service.ts');
    const found = internalImports(SERVER_AREAS, [
      {
        file,
        source: [
          `import { a } from '../bookings';`,
          `import { b } from '../bookings/index';`,
          `import { c } from './queries';`,
          `import { d } from '../../db/client';`,
          `import type { E } from '../invoices/queries';`,
          `const f = await import('../groups/service');`,
        ].join('\n'),
      },
    ]);
    expect(found).toEqual([
      'server/areas/tours/service.ts: ../invoices/queries',
      'server/areas/tours/service.ts: ../groups/service',
    ]);
  });
});
