// Temporary codemod: give each server area an index.ts (its routes + what other areas use) and
// point every cross-area import at it.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
const AREAS = path.resolve(process.argv[2]);
const REG = path.join(AREAS, 'index.ts');
const WEB = process.argv[3] === 'web';
const reg = WEB ? '' : readFileSync(REG, 'utf8');
const routesOf = {};
for (const m of reg.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/([\w-]+)';/g)) (routesOf[m[2]] ??= []).push([m[1], m[3]]);
const order = [...reg.matchAll(/api\.register\((\w+), deps\)/g)].map((m) => m[1]);
const exportsOf = {}; // area -> file -> {values:Set, types:Set}
const files = [];
for (const e of readdirSync(AREAS, { withFileTypes: true, recursive: true }))
  if (e.isFile() && /\.tsx?$/.test(e.name)) files.push(path.join(e.parentPath, e.name));
for (const file of files) {
  const rel = path.relative(AREAS, file);
  if (!rel.includes(path.sep)) continue;
  const from = rel.split(path.sep)[0];
  const src = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st)) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const t = path.resolve(path.dirname(file), spec);
    if (!t.startsWith(AREAS + path.sep)) continue;
    const trel = path.relative(AREAS, t);
    const to = trel.split(path.sep)[0];
    if (to === from || !trel.includes(path.sep)) continue;
    const inner = trel.slice(to.length + 1);
    const ex = ((exportsOf[to] ??= {})[inner] ??= { values: new Set(), types: new Set() });
    const clause = st.importClause;
    if (clause.name || !clause.namedBindings?.elements) { console.error('non-named import', rel, spec); continue; }
    const allType = clause.isTypeOnly;
    for (const el of clause.namedBindings.elements) {
      const name = (el.propertyName ?? el.name).text;
      (allType || el.isTypeOnly ? ex.types : ex.values).add(name);
    }
    let ns = path.relative(path.dirname(file), path.join(AREAS, to));
    if (!ns.startsWith('.')) ns = './' + ns;
    edits.push([st.moduleSpecifier.getStart() + 1, st.moduleSpecifier.getEnd() - 1, ns]);
  }
  if (edits.length) {
    let out = src;
    for (const [s, e, t] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + t + out.slice(e);
    writeFileSync(file, out);
  }
}
for (const d of readdirSync(AREAS, { withFileTypes: true })) {
  if (!d.isDirectory()) continue;
  if (WEB && !exportsOf[d.name]) continue;
  const a = d.name;
  const plugins = (routesOf[a] ?? []).sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0]));
  const lines = [];
  if (!WEB) lines.push(`import type { AreaRoutes } from '../deps';`);
  for (const [name, f] of [...plugins].sort((x, y) => x[1].localeCompare(y[1]))) lines.push(`import { ${name} } from './${f}';`);
  lines.push('');
  const pub = Object.entries(exportsOf[a] ?? {}).sort(([x], [y]) => x.localeCompare(y));
  for (const [f, { values, types }] of pub) {
    if (values.size) lines.push(`export { ${[...values].sort().join(', ')} } from './${f}';`);
    if (types.size) lines.push(`export type { ${[...types].sort().join(', ')} } from './${f}';`);
  }
  if (pub.length) lines.push('');
  if (!WEB) {
  lines.push(`/** The area's routes, registered under /api by areas/index.ts in this order. */`);
  lines.push(`export const routes: AreaRoutes = [${plugins.map((p) => p[0]).join(', ')}];`);
  } else while (lines.at(-1) === '') lines.pop();
  const header = `/**\n * The ${a} area's public module: ${WEB ? 'the only names' : 'its routes and the only names'} other areas may import from it\n * (${WEB ? 'src/web/layers.test.ts' : 'src/server/layers.test.ts'} keeps it so).\n */\n`;
  if (existsSync(path.join(AREAS, a, 'index.ts'))) { console.error('exists', a); continue; }
  writeFileSync(path.join(AREAS, a, 'index.ts'), header + lines.join('\n') + '\n');
}
console.log(JSON.stringify(Object.fromEntries(Object.entries(exportsOf).map(([a, f]) => [a, Object.keys(f)]))));
