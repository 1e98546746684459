/**
 * Cells read within the catalog's limits (catalog-limits.ts): each parser throws a CellError that
 * the importer reports with the row and column, before anything is built from an oversized value (a 5,000-level
 * category path creates no category, a 5 MB name is never slugified).
 */
import { CATALOG_LIMITS as LIMITS, countProblem, imageUrlProblem, lengthProblem } from '../catalog-limits.js';
import { CellError, splitCategoryPath, splitList } from './woo-csv-cells.js';

function check(problem: string | null): void {
  if (problem) throw new CellError(problem);
}

/** A text cell of at most `max` characters. */
export const boundedText =
  (what: string, max: number) =>
  (text: string): string => {
    check(lengthProblem(what, text, max));
    return text;
  };

/** A list cell of at most `maxItems` items of at most `LIMITS.term` characters each. */
export const boundedList =
  (what: string, maxItems: number) =>
  (text: string): string[] => {
    const items = splitList(text);
    check(countProblem(what, items.length, maxItems));
    for (const item of items) check(lengthProblem(`"${item.slice(0, 40)}…"`, item, LIMITS.term));
    return items;
  };

/** `Images`: at most `LIMITS.images` http(s) addresses or site paths. */
export function parseImages(text: string): string[] {
  const images = splitList(text);
  check(countProblem('images', images.length, LIMITS.images));
  for (const image of images) check(imageUrlProblem(image));
  return images;
}

/** `Categories`: at most `LIMITS.categories` paths, each at most `LIMITS.categoryDepth` levels of bounded names. */
export function parseCategoryPaths(text: string): string[][] {
  const paths = splitList(text);
  check(countProblem('categories', paths.length, LIMITS.categories));
  return paths.map((path) => {
    const names = splitCategoryPath(path);
    if (names.length > LIMITS.categoryDepth) {
      throw new CellError(
        `the category path "${path.slice(0, 60)}…" has ${names.length.toLocaleString('en')} levels; at most ${LIMITS.categoryDepth} are allowed`,
      );
    }
    for (const name of names) check(lengthProblem(`the category name "${name.slice(0, 40)}…"`, name, LIMITS.term));
    return names;
  });
}
