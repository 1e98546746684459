/** Where the project's own files are, independent of the working directory the server was started from. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the project's package.json above this module: the project's root whether the server runs from its
 * TypeScript sources (server/) or from their compiled copy (dist/server/<build>/server/, see bin/server-build.js).
 */
function projectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    folder = parent;
  }
  return folder + path.sep;
}

export const PROJECT_ROOT = projectRoot();
export const CLIENT_SOURCE_DIR = path.join(PROJECT_ROOT, 'client') + path.sep;
export const CLIENT_DIST_DIR = path.join(PROJECT_ROOT, 'dist', 'client') + path.sep;

/**
 * The module `name` (a path without its extension) beside the module at `base` (its `import.meta.url`), in the form
 * `base` runs in: `.ts` from the sources, `.js` from the compiled server (bin/server-build.js). Worker entries and
 * modules loaded by path name their files this way.
 * @example moduleBeside('./index-worker', import.meta.url) // file:///…/server/facets/indexing/index-worker.ts
 */
export function moduleBeside(name: string, base: string): URL {
  return new URL(`${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}
