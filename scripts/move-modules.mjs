#!/usr/bin/env node
// Moves TypeScript modules and rewrites every relative import of them, and theirs, across the repository:
// `node scripts/move-modules.mjs old/path.ts=new/path.ts ...` (or a file of such lines with `--from FILE`).
// Import specifiers keep their style (`.js` for a `.ts` module, as NodeNext wants); `new URL('./x.ts',
// import.meta.url)` and `tsImport('./x.ts', …)` are rewritten too, since worker threads and the test script load
// modules that way.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const args = process.argv.slice(2);
const pairs = [];
for (let at = 0; at < args.length; at += 1) {
  if (args[at] === '--from') {
    const lines = readFileSync(args[++at], 'utf8')
      .split('\n')
      .map((line) => line.trim());
    for (const line of lines) if (line && !line.startsWith('#')) pairs.push(line.split(/\s*=\s*|\s+/));
  } else pairs.push(args[at].split('='));
}
if (pairs.length === 0) {
  console.error('Usage: node scripts/move-modules.mjs old.ts=new.ts ... | --from FILE');
  process.exit(2);
}

const moves = new Map(pairs.map(([from, to]) => [path.resolve(root, from), path.resolve(root, to)]));
for (const from of moves.keys()) {
  if (!existsSync(from)) {
    console.error(`Nothing to move at ${path.relative(root, from)}.`);
    process.exit(1);
  }
}

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file))
  .map((file) => path.resolve(root, file))
  .filter((file) => existsSync(file));

/** Where a relative module specifier can stand: each form has three groups (lead, quote, specifier). */
const SPECIFIER_FORMS = [/(\bfrom\s*)/, /(\bimport\s*\(\s*)/, /(\bimport\s+)/, /(\bnew URL\(\s*)/, /(\btsImport\(\s*)/];
const SPECIFIER = new RegExp(
  SPECIFIER_FORMS.map((lead, form) => `${lead.source}(['"])(\\.{1,2}\\/[^'"]+)\\${form * 3 + 2}`).join('|'),
  'g',
);

/** The file a specifier names, before the moves: `./x.js` is `./x.ts` in TypeScript's NodeNext resolution. */
function targetOf(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate));
}

function respecify(newFrom, oldTarget, newTarget, specifier) {
  let relative = path.relative(path.dirname(newFrom), newTarget);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  // Keep the written extension: `.js` naming a `.ts`, or the exact file name.
  const writtenExtension = path.extname(specifier);
  const targetExtension = path.extname(oldTarget);
  if (writtenExtension !== targetExtension) {
    relative = relative.slice(0, relative.length - targetExtension.length) + writtenExtension;
  }
  return relative.split(path.sep).join('/');
}

let rewritten = 0;
const outputs = new Map();
for (const file of tracked) {
  const source = readFileSync(file, 'utf8');
  const newFile = moves.get(file) ?? file;
  const text = source.replace(SPECIFIER, (whole, ...groups) => {
    for (let at = 0; at < 15; at += 3) {
      const [lead, quote, specifier] = groups.slice(at, at + 3);
      if (specifier === undefined) continue;
      const oldTarget = targetOf(file, specifier);
      if (!oldTarget) return whole;
      const newTarget = moves.get(oldTarget) ?? oldTarget;
      if (newFile === file && newTarget === oldTarget) return whole;
      const next = respecify(newFile, oldTarget, newTarget, specifier);
      return `${lead}${quote}${next}${quote}`;
    }
    return whole;
  });
  if (text !== source || newFile !== file) outputs.set(file, { newFile, text, changed: text !== source });
}

for (const [from, to] of moves) {
  mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('git', ['mv', from, to], { cwd: root });
}
for (const [file, { newFile, text, changed }] of outputs) {
  if (changed) {
    writeFileSync(newFile, text);
    rewritten += 1;
  }
  void file;
}
console.log(`Moved ${moves.size} files; rewrote imports in ${rewritten}.`);
