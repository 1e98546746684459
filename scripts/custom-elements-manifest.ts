/**
 * The custom elements manifest (`custom-elements.json`, named by package.json's `customElements`): what editors and
 * documentation tools read to know `<facet-filter>`'s attributes, properties, events, slots, CSS parts and custom
 * properties. It is made from the element's JSDoc by @custom-elements-manifest/analyzer with its Lit plugins, on every
 * client build (this Vite plugin), so that it cannot drift from the element;
 * test/client/custom-elements-manifest.test.ts checks it against the rendered element and its CSS. The analyzer is a
 * development dependency: a production install (`npm ci --omit=dev`) that builds the client keeps the committed
 * manifest as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The modules that define custom elements, relative to the project root. */
export const ELEMENT_MODULES = ['client/facet-filter/facet-filter.ts'];
export const MANIFEST_FILE = 'custom-elements.json';

interface Member {
  name: string;
  privacy?: string;
}
interface Declaration {
  kind: string;
  members?: Member[];
  attributes?: { name: string; fieldName?: string }[];
}

/**
 * Leaves out what is not the element's public contract: ES private members (`#cache`) and reactive state marked
 * `@private` in the static properties, with the attributes the analyzer made for them.
 */
const publicContractOnly = {
  name: 'vitrine:public-contract-only',
  packageLinkPhase({
    customElementsManifest,
  }: {
    customElementsManifest: { modules: { declarations?: Declaration[] }[] };
  }) {
    for (const declaration of customElementsManifest.modules.flatMap((module) => module.declarations ?? [])) {
      const hidden = new Set(
        (declaration.members ?? [])
          .filter((member) => member.name.startsWith('#') || member.privacy === 'private')
          .map((member) => member.name),
      );
      if (declaration.members) declaration.members = declaration.members.filter((member) => !hidden.has(member.name));
      if (declaration.attributes)
        declaration.attributes = declaration.attributes.filter(
          (attribute) => !hidden.has(attribute.fieldName ?? attribute.name),
        );
    }
  },
};

/** The manifest of the element modules under `root`, as the analyzer makes it from their JSDoc. */
export async function analyzeElements(root: string): Promise<unknown> {
  const { create, ts } = await import('@custom-elements-manifest/analyzer');
  const { litPlugin } = await import('@custom-elements-manifest/analyzer/src/features/framework-plugins/lit/lit.js');
  const modules = ELEMENT_MODULES.map((file) =>
    ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true),
  );
  return create({ modules, plugins: [...litPlugin(), publicContractOnly] });
}

/** The manifest as the file holds it. */
export async function manifestText(root: string): Promise<string> {
  return `${JSON.stringify(await analyzeElements(root), null, 2)}\n`;
}

/** Writes `custom-elements.json` at the project root once a build is done. */
export function customElementsManifest(root = process.cwd()): Plugin {
  return {
    name: 'vitrine:custom-elements-manifest',
    apply: 'build',
    async closeBundle() {
      try {
        writeFileSync(path.join(root, MANIFEST_FILE), await manifestText(root));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
        this.warn(
          `${MANIFEST_FILE} kept as it is: @custom-elements-manifest/analyzer (a development dependency) is not installed.`,
        );
      }
    },
  };
}
