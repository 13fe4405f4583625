import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
const root = process.argv[2];
const AREAS = path.resolve(root);
const out = [];
for (const e of readdirSync(AREAS, { withFileTypes: true, recursive: true })) {
  if (!e.isFile() || !/\.tsx?$/.test(e.name)) continue;
  const file = path.join(e.parentPath, e.name);
  const rel = path.relative(AREAS, file);
  const from = rel.split(path.sep)[0];
  if (!rel.includes(path.sep)) continue;
  for (const f of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
    if (!f.fileName.startsWith('.')) continue;
    const t = path.resolve(path.dirname(file), f.fileName);
    if (!t.startsWith(AREAS + path.sep)) continue;
    const trel = path.relative(AREAS, t);
    const to = trel.split(path.sep)[0];
    if (to === from) continue;
    out.push(`${from} -> ${trel}   (${rel})`);
  }
}
console.log(out.sort().join('\n'));
