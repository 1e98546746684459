// The server's TypeScript compiled to plain JavaScript, module for module, under dist/server/<stamp>/, and run from
// there. Node then loads the server's modules (and the packages they import) itself instead of handing each one to
// tsx's loader thread, which takes about half of a start: a server killed in a crash answers again sooner, and every
// `vitrine` command returns sooner.
//
// The stamp is a hash of every source file's path, size and modification time: an edited source is compiled again
// before the next start, so a contributor never runs yesterday's code. Each build is written into a folder of its own
// and renamed into place once complete, so processes started side by side either find a whole build or make one; a
// build never changes under a running server. The last few builds are kept, the older ones removed.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The folders the server's modules come from: its own, and the shared code it renders with. */
const SOURCE_FOLDERS = ['server', 'client', 'shortcodes', 'blocks'];
/** Browser-only code (React, the block editor) that no server module imports; the client bundle has it. */
const BROWSER_ONLY = [path.join('client', 'admin')];
const BUILDS = path.join(ROOT, 'dist', 'server');
/** Builds kept beside the newest: a server started a moment ago may still import its lazily loaded modules. */
const KEPT_BUILDS = 3;
/** Changes when the compilation itself changes (its options below), so that older builds are not reused. */
const COMPILER_OPTIONS = { format: 'esm', platform: 'node', target: 'node20.19', jsx: 'automatic', bundle: false };

const isTypeScript = (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');

/** Every file of the source folders, relative to the project's root, sorted, with its size and modification time. */
function sourceFiles() {
  const files = [];
  for (const folder of SOURCE_FOLDERS) {
    for (const entry of readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name));
      if (BROWSER_ONLY.some((folder) => file.startsWith(folder + path.sep))) continue;
      // A file removed since the folder was listed (an editor saving beside a running command) is left out.
      const stats = statSync(path.join(ROOT, file), { throwIfNoEntry: false });
      if (stats) files.push({ file, size: stats.size, mtimeMs: stats.mtimeMs });
    }
  }
  return files.sort((a, b) => (a.file < b.file ? -1 : 1));
}

function stampOf(files) {
  const hash = createHash('sha256').update(JSON.stringify(COMPILER_OPTIONS));
  for (const { file, size, mtimeMs } of files) hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Compiles the TypeScript and copies every other file (messages, migrations, block.json) beside it. */
async function compileInto(folder, files) {
  const { build } = await import('esbuild');
  await build({
    ...COMPILER_OPTIONS,
    entryPoints: files.filter(({ file }) => isTypeScript(file)).map(({ file }) => path.join(ROOT, file)),
    outdir: folder,
    outbase: ROOT,
    logLevel: 'error',
  });
  for (const { file } of files.filter(({ file }) => !isTypeScript(file))) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(folder, file));
  }
}

/** How old a partial build must be before it counts as left by a process that died while compiling. */
const ABANDONED_AFTER_MS = 10 * 60_000;

function removeOlderBuilds(current) {
  const others = readdirSync(BUILDS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== current)
    .map((entry) => ({ name: entry.name, mtimeMs: statSync(path.join(BUILDS, entry.name)).mtimeMs }))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  const complete = others.filter(({ name }) => !name.startsWith('.'));
  const abandoned = others.filter(
    ({ name, mtimeMs }) => name.startsWith('.') && Date.now() - mtimeMs > ABANDONED_AFTER_MS,
  );
  for (const { name } of [...complete.slice(KEPT_BUILDS), ...abandoned]) {
    rmSync(path.join(BUILDS, name), { recursive: true, force: true });
  }
}

/**
 * The folder of a complete build of the current sources, compiled first when there is none.
 * @returns e.g. `/srv/vitrine/dist/server/3f9c0e1a2b4d5e6f`, which holds `server/cli.js`, `server/main.js`, …
 */
export async function currentServerBuild() {
  const files = sourceFiles();
  const stamp = stampOf(files);
  const folder = path.join(BUILDS, stamp);
  if (existsSync(folder)) return folder;
  mkdirSync(BUILDS, { recursive: true });
  const partial = path.join(BUILDS, `.partial-${process.pid}-${Date.now()}`);
  try {
    await compileInto(partial, files);
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another process finished the same build first: theirs is as good as ours.
      if (!existsSync(folder)) throw error;
    }
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  removeOlderBuilds(stamp);
  return folder;
}

/**
 * The compiled counterpart of a source module, e.g. `server/main.ts` → `…/dist/server/<stamp>/server/main.js`.
 * @param source a TypeScript file relative to the project's root
 */
export async function compiledModule(source) {
  return path.join(await currentServerBuild(), source.replace(/\.tsx?$/, '.js'));
}
