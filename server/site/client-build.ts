/**
 * Builds the client bundle when it is missing or older than its sources, so that `npm start` on a fresh clone
 * serves a working storefront without a separate build step.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CLIENT_SOURCE_DIR, PROJECT_ROOT } from '../paths.js';
import { MANIFEST_PATH } from './client-assets.js';

function newestModification(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function clientBuildIsStale(): boolean {
  let built: number;
  try {
    built = statSync(MANIFEST_PATH).mtimeMs;
  } catch {
    return true;
  }
  const sources = Math.max(
    newestModification(CLIENT_SOURCE_DIR),
    statSync(path.join(PROJECT_ROOT, 'vite.config.ts')).mtimeMs,
  );
  return sources > built;
}

/**
 * Vite's own command, in a process of its own: bundling the admin's WordPress packages takes about a gigabyte, which
 * a server that bundled in-process kept for as long as it ran (and a small machine may not have beside the shop).
 */
function viteCommand(): string {
  const manifest = createRequire(import.meta.url).resolve('vite/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vite: string } };
  return path.join(path.dirname(manifest), bin.vite);
}

export async function buildClientIfStale(log: (message: string) => void = console.log): Promise<void> {
  if (!clientBuildIsStale()) return;
  log('Building the client bundle (vite build)...');
  const config = path.join(PROJECT_ROOT, 'vite.config.ts');
  const build = spawn(process.execPath, [viteCommand(), 'build', '--config', config, '--logLevel', 'warn'], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Building the client bundle failed (vite build exited with ${code}); see above.`);
}
