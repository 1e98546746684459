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
  /** Chunks the entry imports at once but not statically, fetched beside it (`<link rel="modulepreload">`). */
  preloads: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  imports?: string[];
}

export const MANIFEST_PATH = path.join(CLIENT_DIST_DIR, '.vite', 'manifest.json');
export const STOREFRONT_ENTRY = 'client/storefront.ts';
/** The admin panel: its own entry, so that the storefront never loads React or the editor. */
export const ADMIN_ENTRY = 'client/admin/index.tsx';
/** The admin's screens, which its entry imports as soon as the user's language is loaded. */
export const ADMIN_SCREENS_CHUNK = 'client/admin/shell/mount-admin.tsx';

/**
 * @param preloaded the chunks (by source name) the entry imports dynamically at once: they and their imports are
 *   preloaded
 * @returns empty lists, with one warning, when the bundle has not been built: pages still render and work without it.
 */
export function readClientAssets(
  manifestPath = MANIFEST_PATH,
  entryName = STOREFRONT_ENTRY,
  preloaded: string[] = [],
): ClientAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    console.warn(
      `The client bundle is not built (${manifestPath} is missing): pages are served without scripts. Run "npm run build".`,
    );
    return { scripts: [], styles: [], preloads: [] };
  }
  const entry = manifest[entryName];
  if (!entry) return { scripts: [], styles: [], preloads: [] };
  return {
    scripts: [`/${entry.file}`],
    styles: (entry.css ?? []).map((file) => `/${file}`),
    preloads: [...chunksWithImports(manifest, preloaded, new Set([entryName]))].map(
      (name) => `/${manifest[name]!.file}`,
    ),
  };
}

/** The named chunks and everything they import statically, each once, but those in `skip` (already loaded). */
function chunksWithImports(manifest: Record<string, ManifestChunk>, names: string[], skip: Set<string>): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (skip.has(name) || found.has(name) || !manifest[name]) return;
    found.add(name);
    for (const imported of manifest[name]!.imports ?? []) visit(imported);
  };
  for (const name of names) visit(name);
  return found;
}
