/**
 * Loads the extension modules listed in the configuration (`VITRINE_EXTENSIONS`), each a module whose default
 * export receives the plugin instance. A module that fails to load stops the start with its path in the message:
 * a shop running without an extension it was configured with could silently lose behaviour.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExtensionModule, VitrinePlugin } from './plugin.js';

export class ExtensionLoadError extends Error {}

function moduleUrl(specifier: string): string {
  const isPath = specifier.startsWith('.') || specifier.startsWith('/') || /\.[cm]?[jt]s$/.test(specifier);
  return isPath ? pathToFileURL(path.resolve(specifier)).href : specifier;
}

const isTypeScript = (url: string) => /\.[cm]?tsx?$/.test(url);

/**
 * A server compiled to JavaScript (bin/server-build.js) runs without tsx's loader; an extension written in TypeScript
 * needs it, so it is registered before the first such extension loads.
 */
async function loaderFor(url: string): Promise<void> {
  if (isTypeScript(url) && !isTypeScript(import.meta.url) && !tsxRegistered) {
    (await import('tsx/esm/api')).register();
    tsxRegistered = true;
  }
}
let tsxRegistered = false;

export async function loadExtensions(specifiers: readonly string[], plugin: VitrinePlugin): Promise<void> {
  for (const specifier of specifiers) {
    let extension: unknown;
    try {
      await loaderFor(moduleUrl(specifier));
      extension = ((await import(moduleUrl(specifier))) as { default?: unknown }).default;
    } catch (error) {
      throw new ExtensionLoadError(`The extension "${specifier}" could not be loaded: ${(error as Error).message}`);
    }
    if (typeof extension !== 'function') {
      throw new ExtensionLoadError(
        `The extension "${specifier}" must export a function as default, which receives the plugin instance.`,
      );
    }
    await (extension as ExtensionModule)(plugin);
  }
}
