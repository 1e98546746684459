/**
 * Categories named with their parents (`Clothing › Women › Dresses`), so that two "Dresses" can be told apart in the
 * filter.
 */
import type { WcCategory } from '../../api/woocommerce.js';

export function categoryLabels(categories: WcCategory[]): WcCategory[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const pathOf = (category: WcCategory): string => {
    const names = [category.name];
    const seen = new Set([category.id]);
    for (let parent = byId.get(category.parent); parent && !seen.has(parent.id); parent = byId.get(parent.parent)) {
      names.unshift(parent.name);
      seen.add(parent.id);
    }
    return names.join(' › ');
  };
  return categories
    .map((category) => ({ ...category, name: pathOf(category) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
