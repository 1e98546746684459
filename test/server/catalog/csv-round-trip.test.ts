/**
 * `vitrine catalog export` writes what `vitrine catalog import` reads. A random catalog (variable products,
 * names with commas, quotes, line breaks and non-Latin letters) goes through export -> import -> export -> import:
 * the two imported catalogs are equal, and the first holds every field of the original that the CSV carries.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import fc from 'fast-check';
import { imageUrlProblem } from '../../../server/catalog/catalog-limits.js';
import { readCsvRows, writeCsv } from '../../../server/catalog/csv/csv-files.js';
import { rowsToCatalog } from '../../../server/catalog/csv/rows-to-catalog.js';
import type { Backorders, CatalogData, Category, Product, Variation } from '../../../server/catalog/model.js';

export async function toCsv(catalog: CatalogData): Promise<string> {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  await writeCsv(sink, catalog);
  return text;
}

export async function fromCsv(text: string, base: CatalogData, mode: 'replace' | 'merge' = 'replace') {
  return rowsToCatalog(await readCsvRows(Readable.from([text])), base, { mode, now: '2026-01-01T00:00:00.000Z' });
}

const EMPTY: CatalogData = { categories: [], attributes: [], products: [] };

const CATEGORIES: Category[] = [
  { id: 1, slug: 'clothing', name: 'Clothing', parent: 0 },
  { id: 2, slug: 'shirts-tops', name: 'Shirts, tops', parent: 1 },
  { id: 3, slug: 'zolte', name: 'Żółte "rzeczy"', parent: 1 },
  { id: 4, slug: 'toys', name: 'Toys', parent: 0 },
];

/** Text a shop owner might type: any letters, quotes, commas, line breaks; names are trimmed on import. */
const text = fc.string({ unit: 'grapheme', maxLength: 20 });
const name = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 20 })
  .map((value) => value.trim())
  .filter((value) => value !== '');
/** List items (tags, terms, brands): no backslash, which WooCommerce's list format cannot carry before a comma. */
const item = name.filter((value) => !value.includes('\\'));
const cents = fc.integer({ min: 1, max: 10_000_000 });
const saleDate = fc.option(
  fc
    .integer({ min: 1_600_000_000, max: 1_900_000_000 })
    .map((seconds) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z')),
  { nil: null },
);

const priced = fc
  .record({
    regular: cents,
    discount: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
    from: saleDate,
    to: saleDate,
  })
  .map(({ regular, discount, from, to }) => {
    const sale = discount === null ? null : Math.floor((regular * discount) / 100);
    const [start, end] = from && to && from > to ? [to, from] : [from, to];
    return {
      regular_price: regular / 100,
      sale_price: sale === null || sale === 0 ? null : sale / 100,
      date_on_sale_from: start,
      date_on_sale_to: end,
    };
  });

/** Addresses an import accepts (no quotes or spaces in an image address). */
const imageUrl = fc.webUrl().filter((url) => imageUrlProblem(url) === null);

const productArbitrary = fc.record({
  title: name,
  description: text,
  short: text,
  brand: fc.option(item, { nil: '' }),
  tags: fc.uniqueArray(item, { maxLength: 3 }),
  categories: fc.subarray([1, 2, 3, 4]),
  status: fc.constantFrom('publish', 'draft', 'private') as fc.Arbitrary<Product['status'] & string>,
  prices: priced,
  stock: stockArbitrary(500),
  images: fc.array(imageUrl, { maxLength: 3 }),
  colors: fc.uniqueArray(item, { minLength: 1, maxLength: 3 }),
  sizes: fc.uniqueArray(item, { maxLength: 3 }),
  variations: fc.array(
    fc.record({
      prices: priced,
      stock: stockArbitrary(50),
      color: fc.nat(2),
      size: fc.option(fc.nat(2), { nil: null }),
      image: fc.option(fc.record({ src: imageUrl, alt: fc.option(item, { nil: undefined }) }), { nil: null }),
    }),
    { maxLength: 4 },
  ),
  meta: fc.dictionary(fc.constantFrom('origin', 'gtin'), item, { maxKeys: 2 }),
  taxStatus: fc.constantFrom(undefined, 'shipping', 'none'),
  taxClass: fc.constantFrom(undefined, 'reduced-rate', 'super-reduced-rate', 'zw'),
  // Alt texts beside the images, some left empty; weight and dimensions in kg and cm with up to three decimals.
  alts: fc.array(fc.option(item, { nil: '' }), { maxLength: 3 }),
  weight: fc.option(
    fc.integer({ min: 0, max: 100_000 }).map((grams) => grams / 1000),
    { nil: undefined },
  ),
  dimensions: fc.option(
    fc
      .record(
        { length: fc.nat(500), width: fc.integer({ min: 1, max: 5000 }).map((mm) => mm / 10) },
        { requiredKeys: ['width'] },
      )
      .map((sides) => ({ ...sides })),
    { nil: undefined },
  ),
});

/**
 * An item's stock as an owner keeps it: tracked (in stock while it has units or takes backorders, unless marked out)
 * or not tracked (in stock as marked, with no count).
 */
function stockArbitrary(most: number) {
  return fc
    .record({
      tracked: fc.boolean(),
      listed: fc.boolean(),
      quantity: fc.nat(most),
      backorders: fc.constantFrom('no', 'notify', 'yes') as fc.Arbitrary<Backorders>,
    })
    .map(({ tracked, listed, quantity, backorders }) =>
      tracked
        ? {
            manage_stock: true,
            backorders,
            in_stock: listed && (quantity > 0 || backorders !== 'no'),
            stock_quantity: quantity,
          }
        : { manage_stock: false, backorders, in_stock: listed, stock_quantity: 0 },
    );
}

const catalogArbitrary = fc.array(productArbitrary, { maxLength: 12 }).map((drafts): CatalogData => {
  let nextId = drafts.length + 1;
  const products = drafts.map((draft, index): Product => {
    const id = index + 1;
    const variable = draft.variations.length > 0;
    const variations: Variation[] = draft.variations.map((variation, position) => ({
      id: nextId++,
      sku: `SKU-${id}-${position}`,
      attributes: {
        color: draft.colors[variation.color % draft.colors.length]!,
        ...(variation.size !== null && draft.sizes.length
          ? { size: draft.sizes[variation.size % draft.sizes.length]! }
          : {}),
      },
      ...variation.prices,
      ...variation.stock,
      ...(variation.image
        ? { image: variation.image.src, ...(variation.image.alt ? { image_alt: variation.image.alt } : {}) }
        : {}),
    }));
    const alts = draft.alts.slice(0, draft.images.length);
    while (alts.length && alts.at(-1) === '') alts.pop();
    return {
      id,
      type: variable ? 'variable' : 'simple',
      status: draft.status,
      slug: `p-${id}`,
      title: draft.title,
      description: draft.description,
      short_description: draft.short,
      sku: `SKU-${id}`,
      category_ids: draft.categories,
      brand: draft.brand,
      tags: draft.tags,
      attributes: { color: draft.colors, size: draft.sizes },
      ...draft.prices,
      rating: 0,
      rating_count: 0,
      ...draft.stock,
      total_sales: 0,
      created_at: '2025-01-01T00:00:00.000Z',
      image: draft.images[0] ?? '',
      gallery: draft.images.slice(1),
      meta: { ...draft.meta },
      ...(variable ? { variations } : {}),
      ...(alts.length ? { image_alts: alts } : {}),
      ...(draft.weight === undefined ? {} : { weight: draft.weight }),
      ...(draft.dimensions ? { dimensions: draft.dimensions } : {}),
      ...(draft.taxStatus ? { tax_status: draft.taxStatus as Product['tax_status'] } : {}),
      ...(draft.taxClass ? { tax_class: draft.taxClass } : {}),
    };
  });
  return {
    categories: CATEGORIES,
    attributes: [
      { name: 'color', label: 'Colour' },
      { name: 'size', label: 'Size' },
    ],
    products,
  };
});

describe('catalog CSV export and import', () => {
  it('import -> export -> import gives the same catalog, and keeps every field the CSV carries', async () => {
    await fc.assert(
      fc.asyncProperty(catalogArbitrary, async (original) => {
        const first = await fromCsv(await toCsv(original), { ...EMPTY, attributes: original.attributes });
        assert.deepEqual(first.problems, []);
        const second = await fromCsv(await toCsv(first.catalog), first.catalog);
        assert.deepEqual(second.problems, []);
        assert.deepEqual(second.catalog, first.catalog);
        // Against the original: what the file carries arrives unchanged.
        assert.equal(first.catalog.products.length, original.products.length);
        first.catalog.products.forEach((imported, index) => {
          const source = original.products[index]!;
          for (const field of [
            'id',
            'type',
            'status',
            'title',
            'description',
            'short_description',
            'sku',
            'brand',
            'tags',
            'image',
            'gallery',
            'image_alts',
            'weight',
            'dimensions',
            'meta',
            'tax_status',
            'tax_class',
          ] as const) {
            assert.deepEqual(imported[field], source[field], field);
          }
          assert.deepEqual(
            imported.category_ids.map((id) => first.catalog.categories.find((category) => category.id === id)!.name),
            source.category_ids.map((id) => CATEGORIES.find((category) => category.id === id)!.name),
          );
          if (source.type === 'simple') {
            for (const field of [
              'regular_price',
              'sale_price',
              'date_on_sale_from',
              'date_on_sale_to',
              'in_stock',
              'stock_quantity',
              'manage_stock',
              'backorders',
            ] as const) {
              assert.deepEqual(imported[field], source[field], field);
            }
          } else {
            assert.deepEqual(imported.variations, source.variations);
          }
        });
      }),
      { numRuns: 60 },
    );
  });

  it('reads the byte order mark, CRLF line ends and quoted cells that WooCommerce writes', async () => {
    const csv =
      '\ufeffID,Type,SKU,Name,Published,Description,Regular price,Categories,Tags\r\n' +
      '10,simple,K-1,"Koszula ""Żółta"", lniana",1,"Line one\r\nline two, with a comma",12.50,"Odzież > Koszule","lato\\, 2026, len"\r\n';
    const { catalog, problems } = await fromCsv(csv, EMPTY);
    assert.deepEqual(problems, []);
    const [product] = catalog.products;
    assert.equal(product!.title, 'Koszula "Żółta", lniana');
    assert.equal(product!.description, 'Line one\r\nline two, with a comma');
    assert.equal(product!.regular_price, 12.5);
    assert.deepEqual(product!.tags, ['lato, 2026', 'len']);
    assert.deepEqual(
      catalog.categories.map((category) => [category.name, category.parent]),
      [
        ['Odzież', 0],
        ['Koszule', catalog.categories[0]!.id],
      ],
    );
    assert.deepEqual(product!.category_ids, [catalog.categories[1]!.id]);
  });
});
