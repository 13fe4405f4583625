// Temporary codemod: move files and rewrite every relative import that points at them.
import { readdirSync, readFileSync, writeFileSync, renameSync, mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
const ROOT = process.cwd();
const moves = JSON.parse(readFileSync(process.argv[2], 'utf8')).map(([a, b]) => [path.resolve(a), path.resolve(b)]);
const moved = new Map(moves);
const files = [];
for (const d of ['src', 'tests', 'scripts']) for (const e of readdirSync(d, { withFileTypes: true, recursive: true }))
  if (e.isFile() && /\.(tsx?|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules')) files.push(path.resolve(e.parentPath, e.name));
const exts = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''];
function resolveOld(fromDir, spec) {
  const base = path.resolve(fromDir, spec);
  for (const x of exts) { if (existsSync(base + x) && !base.endsWith('/') ) { if (x === '' && !/\.\w+$/.test(base)) continue; return base + x; } }
  return null;
}
function specFor(fromFile, target, oldSpec) {
  let t = target;
  const keepExt = /\.(tsx?|mjs|js)$/.test(oldSpec);
  if (!keepExt) t = t.replace(/\.tsx?$/, '');
  if (!keepExt && oldSpec.match(/(^|\/)[^./][^/]*$/) && t.endsWith('/index')) {}
  let rel = path.relative(path.dirname(fromFile), t);
  if (!rel.startsWith('.')) rel = './' + rel;
  return rel;
}
let changed = 0;
for (const file of files) {
  const src = readFileSync(file, 'utf8');
  const newFile = moved.get(file) ?? file;
  const edits = [];
  const info = ts.preProcessFile(src, true, true);
  // find positions: search each import string literal in source
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isStringLiteral(n) && n.parent && (ts.isImportDeclaration(n.parent) || ts.isExportDeclaration(n.parent) || (ts.isCallExpression(n.parent) && (n.parent.expression.kind === ts.SyntaxKind.ImportKeyword || n.parent.expression.getText() === 'vi.mock')) || ts.isImportTypeNode?.(n.parent?.parent) || ts.isLiteralTypeNode(n.parent))) {
      const spec = n.text;
      if (spec.startsWith('.')) {
        const target = resolveOld(path.dirname(file), spec);
        if (target) {
          const newTarget = moved.get(target) ?? target;
          if (newTarget !== target || newFile !== file) {
            const ns = specFor(newFile, newTarget, spec);
            if (ns !== spec) edits.push([n.getStart() + 1, n.getEnd() - 1, ns]);
          }
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (edits.length) {
    let out = src;
    for (const [s, e, t] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, s) + t + out.slice(e);
    writeFileSync(file, out); changed++;
  }
}
for (const [a, b] of moves) { mkdirSync(path.dirname(b), { recursive: true }); renameSync(a, b); }
console.log('rewrote', changed, 'files; moved', moves.length);
