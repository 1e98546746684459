/**
 * Facet sources: where a facet takes its values from (`taxonomy:category`, `attribute:<name>`, `field:<name>`),
 * what kind of values they are, which widget types fit them, and how to read them from a product.
 * The engine, the configuration validator and the `/catalog` endpoint all go through this one table.
 */
import { MAX_LISTED_TERMS, type FacetSource } from '../../client/api/facets.js';
import { activePrice, isOnSale, slugify, type CatalogData, type Product } from '../catalog/model.js';
import { defaultSwatchColour } from './swatch-colours.js';
import type { FacetDefinition, FacetType } from './config.js';
import { categoryById } from '../catalog/category-tree.js';

export type SourceKind = 'term' | 'number' | 'boolean';

/** A source available in a catalog, with the way to read a product's value(s) for it. */
export type SourceSpec =
  | {
      source: string;
      label: string;
      kind: 'term';
      types: FacetType[];
      hierarchical: boolean;
      terms: (product: Product, catalog: CatalogData) => readonly string[];
    }
  | { source: string; label: string; kind: 'number'; types: FacetType[]; number: (product: Product) => number }
  | { source: string; label: string; kind: 'boolean'; types: FacetType[]; flag: (product: Product) => boolean };

/** One entry of the `/catalog` answer. */
export type SourceDescription = FacetSource;

const TERM_TYPES: FacetType[] = ['checkboxes', 'radio', 'dropdown'];
const BOOLEAN_TYPES: FacetType[] = ['toggle', 'checkboxes', 'radio', 'dropdown'];
const SAMPLE_SIZE = 5;

/**
 * The sources a catalog offers: its category tree, each attribute it defines, and the product fields.
 *
 * @example availableSources(catalog).map((spec) => spec.source) // ['taxonomy:category', 'attribute:color', ...,
 * 'field:in_stock']
 */
export function availableSources(catalog: Pick<CatalogData, 'attributes'>): SourceSpec[] {
  return [
    {
      source: 'taxonomy:category',
      label: 'Category',
      kind: 'term',
      types: ['hierarchy', ...TERM_TYPES],
      hierarchical: true,
      terms: (product, data) =>
        product.category_ids.map((id) => categoryName(data, id)).filter((name): name is string => name !== undefined),
    },
    ...catalog.attributes.map(
      (attribute): SourceSpec => ({
        source: `attribute:${attribute.name}`,
        label: attribute.label,
        kind: 'term',
        types: TERM_TYPES,
        hierarchical: false,
        terms: (product) => product.attributes[attribute.name] ?? [],
      }),
    ),
    {
      source: 'field:brand',
      label: 'Brand',
      kind: 'term',
      types: TERM_TYPES,
      hierarchical: false,
      terms: (product) => (product.brand ? [product.brand] : []),
    },
    { source: 'field:price', label: 'Price', kind: 'number', types: ['range'], number: activePrice },
    {
      source: 'field:rating',
      label: 'Rating',
      kind: 'number',
      types: ['rating', 'range'],
      number: (product) => product.rating,
    },
    {
      source: 'field:in_stock',
      label: 'In stock',
      kind: 'boolean',
      types: BOOLEAN_TYPES,
      flag: (product) => product.in_stock,
    },
    // Read per row: a variable product is on sale when one of its variations has a sale price active now. Like the
    // price, it is read when the index is built; the index is rebuilt when a sale starts or ends (time-horizon.ts).
    {
      source: 'field:on_sale',
      label: 'On sale',
      kind: 'boolean',
      types: BOOLEAN_TYPES,
      flag: (product) => isOnSale(product),
    },
    // Published in the last `new_days` of its facet (see sourceForFacet); read when the index is built, like on sale,
    // and rebuilt (on the hour) when a product stops being new.
    {
      source: 'field:new',
      label: 'New',
      kind: 'boolean',
      types: BOOLEAN_TYPES,
      flag: (product) => isNewProduct(product, DEFAULT_NEW_DAYS),
    },
  ];
}

/** How many days a product counts as new when its facet names no `new_days`. */
export const DEFAULT_NEW_DAYS = 30;
export const DAY_MS = 86_400_000;

/**
 * Whether a product was published in the last `days` days: its `created_at` (WooCommerce's `date_created`, which
 * the product editor and imports set when a product is added) is at most that old.
 */
export function isNewProduct(product: Pick<Product, 'created_at'>, days: number, now = Date.now()): boolean {
  const created = Date.parse(product.created_at);
  return Number.isFinite(created) && created > now - days * DAY_MS && created <= now;
}

/**
 * The source a facet reads, with what its definition adds: a `field:new` facet's own number of days.
 * @example sourceForFacet(definition, new Map(availableSources(catalog).map((spec) => [spec.source, spec])))
 */
export function sourceForFacet(
  definition: FacetDefinition,
  sources: ReadonlyMap<string, SourceSpec>,
): SourceSpec | undefined {
  const spec = sources.get(definition.source);
  if (spec?.source !== 'field:new' || spec.kind !== 'boolean') return spec;
  const days = newProductDays(definition);
  return { ...spec, flag: (product) => isNewProduct(product, days) };
}

/** How many days a `field:new` facet counts a product as new. */
export function newProductDays(definition: Pick<FacetDefinition, 'new_days'>): number {
  return definition.new_days ?? DEFAULT_NEW_DAYS;
}

function categoryName(catalog: CatalogData, id: number): string | undefined {
  return categoryById(catalog.categories, id)?.name;
}

/**
 * Describes every available source for the `/catalog` endpoint: its kind, fitting types, how many values and
 * products it has, a sample of values, and the bounds of numeric ones.
 */
export function discoverSources(catalog: CatalogData): { sources: SourceDescription[] } {
  return { sources: availableSources(catalog).map((spec) => describeSource(spec, catalog)) };
}

function describeSource(spec: SourceSpec, catalog: CatalogData): SourceDescription {
  const base = { source: spec.source, label: spec.label, kind: spec.kind, types: spec.types };
  if (spec.kind === 'number') {
    const distinct = new Set<number>();
    let min = Infinity;
    let max = -Infinity;
    for (const product of catalog.products) {
      const value = spec.number(product);
      distinct.add(value);
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    const bounds = distinct.size > 0 ? { min, max } : {};
    const sample = [...distinct].slice(0, SAMPLE_SIZE).map(String);
    return { ...base, values: distinct.size, products: catalog.products.length, sample, ...bounds };
  }
  const counts = new Map<string, number>();
  let products = 0;
  for (const product of catalog.products) {
    const terms = spec.kind === 'term' ? spec.terms(product, catalog) : [spec.flag(product) ? 'Yes' : 'No'];
    if (terms.length > 0) products++;
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const sample = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, SAMPLE_SIZE)
    .map(([name]) => name);
  // An attribute's values, for the swatch colours a manager may set per value.
  const terms = spec.source.startsWith('attribute:')
    ? {
        terms: [
          ...new Map(
            [...counts.keys()].sort((a, b) => a.localeCompare(b)).map((name) => [slugify(name), name]),
          ).entries(),
        ]
          .slice(0, MAX_LISTED_TERMS)
          .map(([slug, name]) => ({ name, slug, default_color: defaultSwatchColour(name) })),
      }
    : {};
  return { ...base, values: spec.kind === 'boolean' ? 2 : counts.size, products, sample, ...terms };
}
