/**
 * A deterministic, realistic synthetic catalog for demos, load tests and benchmarks.
 *
 * Same options, byte-identical output: every random choice comes from {@link SeededRandom}, and dates are counted
 * back from a fixed reference instant rather than from "now". Products are produced as a re-iterable stream, so a
 * million of them can be written to disk without ever being held in memory at once.
 */
import { slugify, type AttributeDefinition, type CatalogData, type Category, type Product } from './model.js';
import { becomesVariable, withGeneratedVariations } from './generated-variations.js';
import { SeededRandom, ZipfSampler } from './seeded-random.js';
import * as vocabulary from './synthetic-vocabulary.js';

export interface SyntheticCatalogOptions {
  products: number;
  seed?: number;
  /** How many brand names to invent; real shops have a long tail of small brands. Default 2,000. */
  brands?: number;
  /** The newest possible `created_at`; products are spread over the three years before it. */
  until?: string;
  /**
   * Whether about one in five products with several colours and sizes becomes variable (default true). Without
   * variations every product is simple with the same terms, prices and stock: a catalog for engines that model none.
   */
  variations?: boolean;
}

/** The catalog's small parts, in memory, plus its products as a stream. */
export interface SyntheticCatalog extends Omit<CatalogData, 'products'> {
  products: Iterable<Product>;
}

export const SYNTHETIC_ATTRIBUTES: AttributeDefinition[] = [
  { name: 'color', label: 'Colour' },
  { name: 'size', label: 'Size' },
  { name: 'material', label: 'Material' },
];

interface Leaf {
  category: Category;
  noun: string;
  sizes: vocabulary.SizeScale;
}

const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;

/**
 * Builds the catalog description; iterating `products` generates them one by one.
 *
 * @example
 * const catalog = generateSyntheticCatalog({ products: 1000, seed: 42 });
 * for (const product of catalog.products) console.log(product.title);
 */
export function generateSyntheticCatalog(options: SyntheticCatalogOptions): SyntheticCatalog {
  const seed = options.seed ?? 1;
  const random = new SeededRandom(seed);
  const { categories, leaves } = buildCategoryTree();
  const brands = inventBrands(random.fork(), options.brands ?? 2000);
  const productSeed = Math.floor(random.next() * 4294967296);
  const until = Date.parse(options.until ?? '2025-01-01T00:00:00.000Z');
  return {
    categories,
    attributes: SYNTHETIC_ATTRIBUTES,
    products: {
      [Symbol.iterator]: () =>
        generateProducts(
          options.products,
          new SeededRandom(productSeed),
          leaves,
          brands,
          until,
          options.variations ?? true,
        ),
    },
  };
}

/** Materialises a small synthetic catalog in memory (tests, demo seed). */
export function generateSyntheticCatalogData(options: SyntheticCatalogOptions): CatalogData {
  const catalog = generateSyntheticCatalog(options);
  return { categories: catalog.categories, attributes: catalog.attributes, products: [...catalog.products] };
}

function buildCategoryTree(): { categories: Category[]; leaves: Leaf[] } {
  const categories: Category[] = [];
  const leaves: Leaf[] = [];
  const usedSlugs = new Set<string>();
  const add = (name: string, parent: number, parentSlug: string): Category => {
    let slug = slugify(name);
    // Leaf names repeat across departments ("Premium Bags"); the parent's slug keeps URL values unique.
    if (usedSlugs.has(slug)) slug = `${parentSlug}-${slug}`;
    usedSlugs.add(slug);
    const category = { id: categories.length + 1, slug, name, parent };
    categories.push(category);
    return category;
  };
  for (const department of vocabulary.DEPARTMENTS) {
    const top = add(department.name, 0, '');
    for (const section of department.sections) {
      const [plural, noun] = section.split('|') as [string, string];
      const middle = add(plural, top.id, top.slug);
      for (const qualifier of vocabulary.LEAF_QUALIFIERS) {
        leaves.push({ category: add(`${qualifier} ${plural}`, middle.id, middle.slug), noun, sizes: department.sizes });
      }
    }
  }
  return { categories, leaves };
}

function inventBrands(random: SeededRandom, count: number): string[] {
  const names: string[] = [];
  const slugs = new Set<string>();
  // Syllables give ~4,000 combinations; a numeric suffix keeps larger requests finite and unique.
  for (let attempt = 0; names.length < count; attempt++) {
    let name =
      random.pick(vocabulary.BRAND_ONSETS) +
      random.pick(vocabulary.BRAND_MIDDLES) +
      random.pick(vocabulary.BRAND_CODAS);
    if (attempt > count * 20) name += ` ${attempt}`;
    // Brands are told apart by slug in URLs, so two names with one slug would merge into one facet value.
    const slug = slugify(name);
    if (!slugs.has(slug)) {
      slugs.add(slug);
      names.push(name);
    }
  }
  return names;
}

function* generateProducts(
  count: number,
  random: SeededRandom,
  leaves: Leaf[],
  brands: string[],
  until: number,
  variations: boolean,
): Generator<Product> {
  const brandSampler = new ZipfSampler(brands.length, 1.07);
  const leafSampler = new ZipfSampler(leaves.length, 0.6);
  // Leaves are shuffled once so that the big categories are spread over departments, not all in "Women".
  const leafOrder = leaves
    .map((leaf) => [random.next(), leaf] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, leaf]) => leaf);
  let nextVariationId = count + 1;
  for (let id = 1; id <= count; id++) {
    const leaf = leafOrder[leafSampler.sample(random)]!;
    const brand = brands[brandSampler.sample(random)]!;
    const material = random.pick(vocabulary.MATERIALS);
    const adjective = random.pick(vocabulary.ADJECTIVES);
    const title = `${brand} ${adjective} ${material} ${leaf.noun}`;
    const categoryIds = [leaf.category.id];
    if (random.chance(0.1)) {
      const extra = random.pick(leaves).category.id;
      if (extra !== leaf.category.id) categoryIds.push(extra);
    }
    const regular = roundPrice(Math.min(9999, Math.max(1, random.logNormal(3.7, 0.9))));
    const onSale = random.chance(0.15);
    const unrated = random.chance(0.2);
    const inStock = random.chance(0.88);
    const product: Product = {
      id,
      slug: `${slugify(title)}-${id}`,
      title,
      description: `${random.pick(vocabulary.DESCRIPTION_OPENERS)}: ${/^[AEIOU]/.test(adjective) ? 'an' : 'a'} ${adjective.toLowerCase()} ${leaf.noun.toLowerCase()} in ${material.toLowerCase()} by ${brand}.`,
      sku: `VT-${String(id).padStart(7, '0')}`,
      category_ids: categoryIds,
      brand,
      attributes: pickAttributes(random, leaf.sizes, material),
      regular_price: regular,
      sale_price: onSale ? salePrice(regular, 0.6 + 0.3 * random.next()) : null,
      rating: unrated ? 0 : Math.round(Math.min(5, Math.max(1, 4 + 0.7 * random.normal())) * 10) / 10,
      rating_count: unrated ? 0 : Math.ceil(random.logNormal(2.5, 1.2)),
      in_stock: inStock,
      stock_quantity: inStock ? random.integer(1, 200) : 0,
      total_sales: Math.floor(random.logNormal(3, 1.6)),
      created_at: new Date(until - Math.floor(random.next() * THREE_YEARS_MS)).toISOString(),
      image: `/media/products/${id}.svg`,
    };
    if (!variations || !becomesVariable(product)) {
      yield product;
      continue;
    }
    // Variation ids follow the products', as WooCommerce's share one sequence of post ids.
    const variable = withGeneratedVariations(product, nextVariationId);
    nextVariationId += variable.used;
    yield variable.product;
  }
}

function pickAttributes(random: SeededRandom, scale: vocabulary.SizeScale, material: string): Record<string, string[]> {
  const colorCount = random.chance(0.6) ? 1 : random.integer(2, 3);
  const colors = new Set<string>();
  while (colors.size < colorCount) colors.add(random.pick(vocabulary.COLORS));
  const attributes: Record<string, string[]> = { color: [...colors], material: [material] };
  const sizes = scale === 'apparel' ? vocabulary.APPAREL_SIZES : scale === 'shoes' ? vocabulary.SHOE_SIZES : null;
  if (sizes) {
    // A product comes in a run of neighbouring sizes, like a real size range.
    const length = random.integer(1, Math.min(5, sizes.length));
    const start = random.integer(0, sizes.length - length);
    attributes.size = sizes.slice(start, start + length);
  }
  return attributes;
}

/** A discounted price that is always strictly below the regular one, even after rounding. */
function salePrice(regular: number, factor: number): number {
  const sale = roundPrice(regular * factor);
  return sale < regular ? sale : Math.round((regular - 0.5) * 100) / 100;
}

/** Prices end in .99 or .49 the way shops price them. */
function roundPrice(value: number): number {
  const whole = Math.floor(value);
  return value - whole < 0.5 ? whole + 0.49 : whole + 0.99;
}
