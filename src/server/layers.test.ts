import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layers of ARCHITECTURE.md: these folders sit below the areas and may never import from them
// (areas may import from them, not the reverse). `app.ts` and `main.ts` compose everything and are
// not checked.
const SERVER = path.resolve(__dirname);
const AREAS = path.join(SERVER, 'areas');
const BELOW_AREAS = ['http', 'db', 'users', 'lib', 'mail', 'storage', 'jobs'];

/** Every .ts/.tsx file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * The module specifiers a file imports, as TypeScript reads them: static and type-only imports,
 * re-exports, `import()` and `require()`.
 */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

/** "file: specifier" for every relative import of a file below the areas that lands in `areas/`. */
function importsIntoAreas(): string[] {
  const found: string[] = [];
  for (const folder of BELOW_AREAS) {
    for (const file of sourceFiles(path.join(SERVER, folder))) {
      for (const spec of importsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (target === AREAS || target.startsWith(AREAS + path.sep))
          found.push(`${path.relative(SERVER, file)}: ${spec}`);
      }
    }
  }
  return found;
}

describe('server layers', () => {
  it(`${BELOW_AREAS.join(', ')} import nothing from areas/`, () => {
    expect(importsIntoAreas()).toEqual([]);
  });

  it('the check sees imports of every form', () => {
    const specs = ts
      .preProcessFile(
        `import type { A } from '../areas/a';\nexport { b } from '../areas/b';\nconst c = await import('../areas/c');`,
        true,
        true,
      )
      .importedFiles.map((f) => f.fileName);
    expect(specs).toEqual(['../areas/a', '../areas/b', '../areas/c']);
  });
});
