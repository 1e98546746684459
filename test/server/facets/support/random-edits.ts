/**
 * Random catalog edits for property tests of incremental indexing: what the products API and a merge import do to
 * a catalog (prices, stock, terms, categories, titles, variations added, removed or changed, products added and
 * removed), as whole replacement products, never changing the catalog's own objects.
 */
import fc from 'fast-check';
import type { CatalogData, Product, Variation } from '../../../../server/catalog/model.js';
import type { CatalogEdit } from '../../../../server/store/store.js';

/** Terms that exist in synthetic catalogs, new ones, and names that share a slug with another ("teal", "Teal"). */
const COLOURS = ['Red', 'Navy', 'Teal', 'teal', 'TEAL', 'Żółty', 'Zolty', 'Black'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXS'];
const TITLES = ['Classic Cotton Shirt', 'Żółty Koc', 'Zz Top', 'Crème Classic', 'Plain'];
const BRANDS = ['Crème', 'Acme', 'Zolty'];

type Change = (product: Product, catalog: CatalogData, nextId: () => number) => Product;

const pick = <T>(items: readonly T[], seed: number): T => items[Math.abs(seed) % items.length]!;

function changeVariation(product: Product, seed: number, change: (variation: Variation) => Variation): Product {
  if (!product.variations?.length) return product;
  const index = Math.abs(seed) % product.variations.length;
  return {
    ...product,
    variations: product.variations.map((variation, at) =>
      at === index ? change({ ...variation, attributes: { ...variation.attributes } }) : variation,
    ),
  };
}

/** One way to change a product, drawn at random, with its own random parameters. */
const changeArbitrary: fc.Arbitrary<Change> = fc
  .tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 300 }))
  .map(
    ([kind, seed, amount]): Change =>
      (product, catalog, nextId) => {
        switch (kind) {
          case 0:
            return { ...product, regular_price: amount + 0.99, sale_price: seed % 3 === 0 ? amount / 2 : null };
          case 1:
            return { ...product, in_stock: !product.in_stock, stock_quantity: product.in_stock ? 0 : amount };
          case 2:
            return { ...product, attributes: { ...product.attributes, color: [pick(COLOURS, seed)] } };
          case 3:
            return {
              ...product,
              attributes: { ...product.attributes, size: [pick(SIZES, seed), pick(SIZES, seed >> 3)] },
            };
          case 4: {
            const ids = catalog.categories.map((category) => category.id);
            return {
              ...product,
              category_ids: seed % 5 === 0 ? [999_999] : [pick(ids, seed), ...(seed % 2 ? [pick(ids, seed >> 4)] : [])],
            };
          }
          case 5:
            return {
              ...product,
              title: pick(TITLES, seed),
              brand: seed % 4 === 0 ? pick(BRANDS, seed >> 2) : product.brand,
            };
          case 6:
            return {
              ...product,
              rating: (amount % 51) / 10,
              rating_count: seed % 40,
              total_sales: amount,
              created_at: new Date(1.6e12 + seed * 1e5).toISOString(),
            };
          case 7:
            return changeVariation(product, seed, (variation) => ({
              ...variation,
              regular_price: amount + 0.5,
              sale_price: null,
            }));
          case 8:
            return changeVariation(product, seed, (variation) => ({ ...variation, in_stock: !variation.in_stock }));
          case 9:
            return changeVariation(product, seed, (variation) => ({
              ...variation,
              attributes: { ...variation.attributes, color: pick(COLOURS, seed >> 2) },
            }));
          case 10: {
            // a variation added: the product's rows grow, a simple product becomes variable
            const variation: Variation = {
              id: nextId(),
              sku: `NEW-${seed}`,
              attributes: { size: pick(SIZES, seed) },
              regular_price: amount,
              sale_price: null,
              in_stock: seed % 2 === 0,
              stock_quantity: 3,
            };
            return { ...product, type: 'variable', variations: [...(product.variations ?? []), variation] };
          }
          case 11:
            return product.variations?.length ? { ...product, variations: product.variations.slice(1) } : product;
          case 12:
            return { ...product, type: 'simple', variations: undefined };
          default:
            return { ...product, status: 'draft' };
        }
      },
  );

/** An edit of a catalog: a few products changed, maybe a new one (a copy under new ids), maybe one removed. */
export function editArbitrary(catalog: CatalogData, nextId: () => number): fc.Arbitrary<CatalogEdit> {
  const products = catalog.products;
  const changed: fc.Arbitrary<[number, Change[]][]> =
    products.length === 0
      ? fc.constant([])
      : fc.uniqueArray(
          fc.tuple(fc.nat(products.length - 1), fc.array(changeArbitrary, { minLength: 1, maxLength: 3 })),
          { maxLength: 3, selector: ([at]) => at },
        );
  return fc
    .record({
      changed,
      added: fc.option(
        fc.tuple(fc.nat(Math.max(0, products.length - 1)), fc.array(changeArbitrary, { maxLength: 2 })),
        { nil: null },
      ),
      removed: fc.option(fc.nat(Math.max(0, products.length - 1)), { nil: null }),
    })
    .map(({ changed, added, removed }) => {
      const upsert = changed.map(([at, changes]) =>
        changes.reduce((product, change) => change(product, catalog, nextId), products[at]!),
      );
      if (added && products.length > 0) {
        const source = products[added[0]]!;
        const id = nextId();
        const copy: Product = {
          ...source,
          id,
          slug: `${source.slug}-copy-${id}`,
          variations: source.variations?.map((variation) => ({ ...variation, id: nextId() })),
        };
        upsert.push(added[1].reduce((product, change) => change(product, catalog, nextId), copy));
      }
      const remove = removed !== null && products.length > 0 ? [products[removed]!.id] : [];
      return { upsert: upsert.filter((product) => !remove.includes(product.id)), remove };
    });
}

/** A source of ids above every product and variation id of the catalog. */
export function idSource(catalog: CatalogData): () => number {
  let last = 0;
  for (const product of catalog.products) {
    last = Math.max(last, product.id);
    for (const variation of product.variations ?? []) last = Math.max(last, variation.id);
  }
  return () => ++last;
}
