/**
 * Builds the client bundle when it is missing or older than its sources, so that `npm start` on a fresh clone
 * serves a working storefront without a separate build step.
 */
import { readdirSync, statSync } from 'node:fs';
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

export async function buildClientIfStale(log: (message: string) => void = console.log): Promise<void> {
  if (!clientBuildIsStale()) return;
  log('Building the client bundle (vite build)...');
  const { build } = await import('vite');
  await build({ root: PROJECT_ROOT, configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
