/** The category tree as select options, children under their parent and indented, as WordPress shows terms. */
import type { BlockChoices } from '../../api/facets.js';

export function categoryOptions(categories: BlockChoices['categories']): { value: string; label: string }[] {
  const children = new Map<number, BlockChoices['categories']>();
  for (const category of categories)
    children.set(category.parent, [...(children.get(category.parent) ?? []), category]);
  const options: { value: string; label: string }[] = [];
  const visit = (parent: number, depth: number) => {
    for (const category of [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
      options.push({ value: category.slug, label: `${'\u2014 '.repeat(depth)}${category.name}` });
      if (depth < 10) visit(category.id, depth + 1);
    }
  };
  visit(0, 0);
  return options;
}
