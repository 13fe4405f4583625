import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #22 points 5 and 6 are solved once, in the kit: every dialog is the kit's Modal (which asks
// before closing over unsaved changes) and every typed date is the kit's DateField (which keeps an
// unreadable date as typed and says why). A screen importing Mantine's own would lose both.
const WEB = path.resolve(__dirname);

const sources = readdirSync(WEB, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
  .map((e) => path.join(e.parentPath, e.name));

/** The names a file imports from `module`. */
function namesFrom(file: string, module: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g))
    if (m[2] === module) names.push(...m[1].split(',').map((n) => n.trim().replace(/^type\s+/, '')));
  return names;
}

const rel = (f: string) => path.relative(WEB, f);

describe('the form kit is the only way to a dialog and a typed date', () => {
  it("no screen opens Mantine's Modal directly (ui/Modal.tsx asks before unsaved changes are lost)", () => {
    const allowed = new Set(['ui/Modal.tsx', 'theme.ts']);
    const found = sources.filter(
      (f) => !allowed.has(rel(f)) && namesFrom(f, '@mantine/core').includes('Modal'),
    );
    expect(found.map(rel)).toEqual([]);
  });

  it("no screen types a date into Mantine's DateInput (ui/DateField.tsx keeps what was typed)", () => {
    const found = sources.filter((f) =>
      namesFrom(f, '@mantine/dates').some((n) => n === 'DateInput' || n === 'DateTimePicker'),
    );
    expect(found.map(rel)).toEqual([]);
  });
});
