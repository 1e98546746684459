/**
 * The category tree of a catalog: which categories sit below which. Built once per categories array and rebuilt
 * when an import replaces the array, like the lookups in catalog-lookup.ts.
 */
import { CATALOG_LIMITS } from './catalog-limits.js';
import { memoizeByArray } from './memoize-by-array.js';
import type { Category } from './model.js';

interface CategoryTree {
  byId: Map<number, Category>;
  children: Map<number, number[]>;
}

const treeFor = memoizeByArray((categories: readonly Category[]): CategoryTree => {
  const tree: CategoryTree = { byId: new Map(), children: new Map() };
  for (const category of categories) {
    tree.byId.set(category.id, category);
    const siblings = tree.children.get(category.parent) ?? [];
    siblings.push(category.id);
    tree.children.set(category.parent, siblings);
  }
  return tree;
});

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

/**
 * A category and its ancestors up to the top level, the category first. `seen` (optional, shared across calls)
 * stops at categories already walked, and a cycle in bad data cannot loop forever. The walk stops after the deepest
 * level a tree may have: a tree stored deeper before the limit existed shows its nearest levels.
 * @example categoryAncestors(categories, 5).map((category) => category.name) // ['Dresses', 'Women', 'Clothing']
 */
export function categoryAncestors(categories: readonly Category[], id: number, seen = new Set<number>()): Category[] {
  const chain: Category[] = [];
  for (
    let category = categoryById(categories, id);
    category && !seen.has(category.id);
    category = categoryById(categories, category.parent)
  ) {
    seen.add(category.id);
    chain.push(category);
    if (chain.length === CATALOG_LIMITS.categoryDepth) break;
  }
  return chain;
}

/**
 * The categories with no level below the deepest allowed (catalog-limits.ts): a category stored deeper (by an older
 * version, or by hand) hangs from its ancestor at the last-but-one level instead, so that any walk over the tree is
 * short. The same array when nothing is too deep. Built breadth first, without recursion, in one pass.
 */
export const boundedCategories = memoizeByArray((categories: readonly Category[]): readonly Category[] => {
  const { children } = treeFor(categories);
  const max = CATALOG_LIMITS.categoryDepth;
  const depth = new Map<number, number>([[0, 0]]);
  /** The ancestor at level max - 1 (or the category itself above it): where a too deep category is hung. */
  const anchor = new Map<number, number>([[0, 0]]);
  const moved = new Map<number, number>();
  for (const pending = [0]; pending.length > 0; ) {
    const parent = pending.pop()!;
    for (const child of children.get(parent) ?? []) {
      if (depth.has(child)) continue; // a cycle in bad data
      const level = depth.get(parent)! + 1;
      if (level > max) moved.set(child, anchor.get(parent)!);
      depth.set(child, Math.min(level, max));
      anchor.set(child, level <= max - 1 ? child : anchor.get(parent)!);
      pending.push(child);
    }
  }
  if (moved.size === 0) return categories;
  return categories.map((category) =>
    moved.has(category.id) ? { ...category, parent: moved.get(category.id)! } : category,
  );
});
