/**
 * The category tree of a catalog: which categories sit below which. Built once per categories array and rebuilt
 * when an import replaces the array, like the lookups in catalog-lookup.ts.
 */
import type { Category } from './model.js';

interface CategoryTree {
  byId: Map<number, Category>;
  children: Map<number, number[]>;
}

const trees = new WeakMap<readonly Category[], CategoryTree>();

function treeFor(categories: readonly Category[]): CategoryTree {
  let tree = trees.get(categories);
  if (!tree) {
    tree = { byId: new Map(), children: new Map() };
    for (const category of categories) {
      tree.byId.set(category.id, category);
      const siblings = tree.children.get(category.parent) ?? [];
      siblings.push(category.id);
      tree.children.set(category.parent, siblings);
    }
    trees.set(categories, tree);
  }
  return tree;
}

export function categoryById(categories: readonly Category[], id: number): Category | undefined {
  return treeFor(categories).byId.get(id);
}

/**
 * A category and every category below it, at any depth.
 * @returns null when the category does not exist
 * @example categoryWithDescendants(categories, 1) // Set {1, 2, 5, 6, 7} for Clothing > Women > Dresses, ...
 */
export function categoryWithDescendants(categories: readonly Category[], id: number): Set<number> | null {
  const tree = treeFor(categories);
  if (!tree.byId.has(id)) return null;
  const found = new Set<number>([id]);
  const pending = [id];
  while (pending.length) {
    for (const child of tree.children.get(pending.pop()!) ?? []) {
      // A cycle in bad data must not loop forever.
      if (!found.has(child)) {
        found.add(child);
        pending.push(child);
      }
    }
  }
  return found;
}
