/**
 * The script and stylesheet addresses of the built client bundle, read from Vite's manifest, so that pages link
 * the hashed file names of the current build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_DIST_DIR } from '../paths.js';

export interface ClientAssets {
  scripts: string[];
  styles: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
}

export const MANIFEST_PATH = path.join(CLIENT_DIST_DIR, '.vite', 'manifest.json');
export const STOREFRONT_ENTRY = 'client/storefront.ts';
/** The admin panel: its own entry, so that the storefront never loads React or the editor. */
export const ADMIN_ENTRY = 'client/admin/index.tsx';

/**
 * @returns empty lists, with one warning, when the bundle has not been built: pages still render and work without it.
 */
export function readClientAssets(manifestPath = MANIFEST_PATH, entryName = STOREFRONT_ENTRY): ClientAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    console.warn(
      `The client bundle is not built (${manifestPath} is missing): pages are served without scripts. Run "npm run build".`,
    );
    return { scripts: [], styles: [] };
  }
  const entry = manifest[entryName];
  if (!entry) return { scripts: [], styles: [] };
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((file) => `/${file}`) };
}
