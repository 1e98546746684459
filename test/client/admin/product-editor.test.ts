/**
 * The product editor's pure modules (client/admin/product-editor/, client/admin/data/product-errors.ts): the form read
 * from a wc/v3 answer and the body that saves it, variations generated from the attributes, and a refusal's reasons
 * in the manager's words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WcProduct, WcVariation } from '../../../client/api/woocommerce.js';
import { inManagerWords, productFieldSentences } from '../../../client/admin/data/product-errors.js';
import { RestRequestError } from '../../../client/admin/data/rest-error.js';
import { QUANTITY_REQUIRED } from '../../../server/wc/wc-stock-input.js';
import {
  BLANK_PRICES,
  formOf,
  productBody,
  type AttributeDraft,
} from '../../../client/admin/product-editor/product-form.js';
import {
  combinations,
  generateVariations,
  MAX_VARIATIONS,
  variationBody,
  variationDraftOf,
  variationTitle,
} from '../../../client/admin/product-editor/variation-drafts.js';

const stored = {
  id: 7,
  name: 'Coffee',
  slug: 'coffee',
  type: 'simple',
  status: 'publish',
  description: 'Beans.',
  short_description: '',
  sku: 'CO-1',
  regular_price: '19.50',
  sale_price: '',
  date_on_sale_from: null,
  date_on_sale_to: null,
  manage_stock: true,
  stock_quantity: 4,
  backorders: 'no',
  stock_status: 'instock',
  weight: '0.5',
  dimensions: { length: '20', width: '', height: '' },
  meta_data: [
    { key: 'unit_price_unit', value: 'kg' },
    { key: 'unit_price_quantity', value: '0.5' },
    { key: 'gpsr_manufacturer_name', value: 'Roastery' },
  ],
  categories: [{ id: 3, name: 'Food', slug: 'food' }],
  tags: [{ id: 0, name: 'Gift', slug: 'gift' }],
  brands: [{ id: 0, name: 'Acme', slug: 'acme' }],
  images: [{ id: 0, src: 'http://shop/media/a.jpg', name: '', alt: 'A bag', position: 0 }],
  attributes: [
    { id: 0, name: 'Origin', slug: 'pa_origin', position: 0, visible: true, variation: false, options: ['Peru'] },
  ],
} as unknown as WcProduct;

const attribute = (name: string, options: string[], variation = true): AttributeDraft => ({ name, options, variation });

describe('the product form and its wc/v3 body', () => {
  it('reads a stored product, and saves nothing when nothing changed', () => {
    const form = formOf(stored);
    assert.equal(form.unit, 'kg');
    assert.equal(form.safety.gpsr_manufacturer_name, 'Roastery');
    assert.equal(form.safety.gpsr_documents, '');
    // The shop's locale (pl-PL by default) writes the decimal comma in the field.
    assert.deepEqual(form.prices, { ...BLANK_PRICES, manage_stock: true, regular_price: '19,50', stock_quantity: '4' });
    assert.equal(form.weight, '0,5');
    assert.equal(productBody(form, form), null);
  });

  it('sends only the groups that changed, meta by key with "" as a removal', () => {
    const saved = formOf(stored);
    const body = productBody(saved, {
      ...saved,
      name: ' Coffee beans ',
      weight: '',
      unit: '',
      unit_quantity: '',
      tags: ['Gift', 'New'],
      safety: { ...saved.safety, gpsr_manufacturer_contact: 'hello@roastery.example' },
      prices: { ...saved.prices, sale_price: '17', sale_to: '2026-06-30' },
    });
    assert.deepEqual(body, {
      name: 'Coffee beans',
      weight: '',
      tags: [{ name: 'Gift' }, { name: 'New' }],
      sale_price: '17',
      date_on_sale_to: '2026-06-30T23:59:59',
      meta_data: [
        { key: 'unit_price_unit', value: null },
        { key: 'unit_price_quantity', value: null },
        { key: 'gpsr_manufacturer_contact', value: 'hello@roastery.example' },
      ],
    });
  });

  it('sends the quantity the unit price is shown for as its meta key', () => {
    const saved = formOf(stored);
    assert.deepEqual(productBody(saved, { ...saved, unit_reference: ' 100 ' }), {
      meta_data: [{ key: 'unit_price_reference', value: '100' }],
    });
  });

  it('creates with every field, the regular price always (so an empty one is refused), no empty slug or meta', () => {
    const form = {
      ...formOf(null),
      name: 'Tee',
      type: 'variable' as const,
      attributes: [attribute('Colour', ['Red']), attribute('', [])],
    };
    const body = productBody(null, form)!;
    assert.equal(body.status, 'draft');
    assert.equal('slug' in body, false);
    assert.equal('meta_data' in body, false);
    assert.equal('regular_price' in body, false, 'a variable product is priced by its variations');
    assert.deepEqual(body.attributes, [{ name: 'Colour', options: ['Red'], visible: true, variation: true }]);
    assert.equal(productBody(null, formOf(null))!.regular_price, '');
  });

  it('makes a new product untracked and in stock, and sends an empty quantity when tracking is ticked without one', () => {
    const form = { ...formOf(null), name: 'Bowl' };
    const untracked = productBody(null, form)!;
    assert.equal(untracked.stock_status, 'instock');
    assert.equal('manage_stock' in untracked, false, "the server's default for a new product is not tracked");
    const tracked = productBody(null, { ...form, prices: { ...form.prices, manage_stock: true } })!;
    assert.equal(tracked.manage_stock, true);
    assert.equal(tracked.stock_quantity, '', 'sent as typed, so that the server says a quantity is needed');
    assert.equal('stock_status' in tracked, false, "a tracked product's status follows from its quantity");
  });
});

describe('variations generated from the attributes', () => {
  it("makes every combination of the variation attributes' terms, in order", () => {
    const all = combinations([
      attribute('Colour', ['Red', 'Blue']),
      attribute('Material', ['Wool'], false),
      attribute('Size', ['S', 'M']),
    ]);
    assert.deepEqual(all, [
      { Colour: 'Red', Size: 'S' },
      { Colour: 'Red', Size: 'M' },
      { Colour: 'Blue', Size: 'S' },
      { Colour: 'Blue', Size: 'M' },
    ]);
    assert.deepEqual(combinations([attribute('Colour', [])]), []);
  });

  it('adds only the missing ones (terms compared without case), unpriced, and refuses more than the limit', () => {
    let count = 0;
    const nextKey = () => `new-${++count}`;
    const existing = variationDraftOf({
      id: 40,
      sku: 'T-RS',
      attributes: [
        { id: 0, name: 'colour', slug: 'pa_color', option: 'red' },
        { id: 0, name: 'Size', slug: 'pa_size', option: 'S' },
      ],
      regular_price: '10.00',
      sale_price: '',
      date_on_sale_from: null,
      date_on_sale_to: null,
      stock_quantity: 2,
      stock_status: 'instock',
      image: null,
    } as unknown as WcVariation);
    const generated = generateVariations(
      [existing],
      [attribute('Colour', ['Red', 'Blue']), attribute('Size', ['S', 'M'])],
      nextKey,
    );
    assert.equal(generated.added, 3);
    assert.deepEqual(
      generated.variations.map((variation) => variationTitle(variation.options)),
      ['colour: red, Size: S', 'Colour: Red, Size: M', 'Colour: Blue, Size: S', 'Colour: Blue, Size: M'],
    );
    assert.deepEqual(generated.variations[1], {
      key: 'new-1',
      id: null,
      options: { Colour: 'Red', Size: 'M' },
      sku: '',
      image: null,
      prices: BLANK_PRICES,
    });
    assert.equal(
      generateVariations(
        generated.variations,
        [attribute('Colour', ['Red', 'Blue']), attribute('Size', ['S', 'M'])],
        nextKey,
      ).added,
      0,
    );

    const terms = Array.from({ length: 11 }, (_, index) => `T${index}`);
    const tooMany = generateVariations([], [attribute('A', terms), attribute('B', terms)], nextKey);
    assert.deepEqual([tooMany.added, tooMany.tooMany, tooMany.variations.length], [0, 121, 0]);
    assert.ok(121 > MAX_VARIATIONS);
  });

  it('saves a new variation whole and a stored one by its changes', () => {
    const fresh = {
      key: 'new-1',
      id: null,
      options: { Colour: 'Red', Size: 'M' },
      sku: ' T-RM ',
      image: null,
      prices: { ...BLANK_PRICES, manage_stock: true, regular_price: '12', stock_quantity: '5' },
    };
    assert.deepEqual(variationBody(null, fresh), {
      attributes: [
        { name: 'Colour', option: 'Red' },
        { name: 'Size', option: 'M' },
      ],
      sku: 'T-RM',
      regular_price: '12',
      manage_stock: true,
      stock_quantity: 5,
    });
    const saved = { ...fresh, key: 'v41', id: 41, sku: 'T-RM' };
    assert.equal(variationBody(saved, saved), null);
    assert.deepEqual(variationBody(saved, { ...saved, image: { src: '/media/uploads/9/red.jpg', alt: ' Red ' } }), {
      image: { src: '/media/uploads/9/red.jpg', alt: 'Red' },
    });
    assert.deepEqual(variationBody({ ...saved, image: { src: '/x.jpg', alt: '' } }, saved), { image: null });
  });
});

describe("a refused save in the manager's words", () => {
  it("turns the reasons it knows into sentences, keeps the others with labels for field names, and puts a date's _gmt twin on the date", () => {
    assert.deepEqual(
      productFieldSentences({
        sale_price: 'sale_price (12.00) must be lower than regular_price (10.00).',
        date_on_sale_to_gmt: 'date_on_sale_to_gmt must be a date such as "2026-05-01T00:00:00", or null.',
        'meta_data.gpsr_documents':
          'gpsr_documents: line 2 must be "Title | https://…"; only http(s) addresses are allowed.',
        tags: 'tags must have at most 100 items, not 120.',
      }),
      {
        sale_price: 'Sale price must be lower than the regular price (10,00 zł).',
        date_on_sale_to: 'Enter a date such as 2026-05-01.',
        'meta_data.gpsr_documents':
          'Line 2: write each document as a title, a bar and its web address, such as \u201cManual | https://example.com/manual.pdf\u201d.',
        tags: 'Tags must have at most 100 items, not 120.',
      },
    );
    assert.equal(
      productFieldSentences({ attributes: 'attributes[1].name must be a non-empty string.' }).attributes,
      'Attributes[1].name must be a non-empty string.',
    );
  });

  it('says what to do about a tracked product without a quantity', () => {
    assert.equal(
      productFieldSentences({ stock_quantity: QUANTITY_REQUIRED }).stock_quantity,
      'Enter how many are in stock, or untick "Manage stock" to sell without counting.',
    );
  });

  it('puts a taken SKU, which WooCommerce answers without params, beside the SKU', () => {
    const error = inManagerWords(new RestRequestError('Invalid or duplicated SKU.', 'product_invalid_sku', 400, {}));
    assert.match(error.fields.sku!, /already has this SKU/);
    assert.equal(error.code, 'product_invalid_sku');
  });
});
