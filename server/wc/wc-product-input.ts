/**
 * Reading a `wc/v3` product or variation body into what it asks to change, as WooCommerce reads it: prices as
 * strings (numbers accepted too), sale dates in the shop's time (or `_gmt` in UTC), terms as objects. Unknown fields
 * are ignored, as WooCommerce ignores them; every badly typed field is named, so that one 400 lists them all.
 * Only the body's own properties count, and every string and list is bounded. Knows nothing of the catalog: whether
 * a category exists or a SKU is free is decided where the input meets the catalog (wc-product-changes.ts).
 */
import { TAX_STATUSES, type TaxStatus } from '../../client/api/taxes.js';
import type { ProductStatus, ProductType } from '../catalog/model.js';
import { CATALOG_LIMITS as LIMITS, imageUrlProblem } from '../catalog/catalog-limits.js';
import { safetyMetaProblem } from '../catalog/product-safety.js';
import { PRODUCT_STATUSES } from '../catalog/public-catalog.js';
import { salesMetaProblem } from '../catalog/sales-meta.js';
import { readStockInput, type StockInput } from './wc-stock-input.js';
import { BodyReader, boundedText, isPlainObject, own, Problem, termName } from './wc-body-reader.js';

export { MAX_PRICE } from './wc-body-reader.js';

const MAX_ALT = 1000;

export interface AttributeInput {
  /** The attribute's name or label as the client sent it (`Colour`, `pa_color`). */
  name: string;
  options: string[];
}

/** The fields a product body sets; an absent field is left as it is. */
export interface ProductInput extends StockInput {
  name?: string;
  slug?: string;
  type?: ProductType;
  status?: ProductStatus;
  sku?: string;
  /** Null: the body sent an empty price. */
  regular_price?: number | null;
  sale_price?: number | null;
  /** ISO instants in UTC; null clears. */
  date_on_sale_from?: string | null;
  date_on_sale_to?: string | null;
  category_ids?: number[];
  tags?: string[];
  attributes?: AttributeInput[];
  /** Image addresses, the main image first. */
  images?: string[];
  /** With `images`: each one's text alternative, position by position. */
  image_alts?: string[];
  /** From `brands: [{name}]`: '' clears. */
  brand?: string;
  tax_status?: TaxStatus;
  /** A class's slug; '' or `standard`: the standard class. */
  tax_class?: string;
  /** Kilograms; null clears. */
  weight?: number | null;
  /** Centimetres; a side sent as null or "" is cleared, an absent one kept. */
  dimensions?: { length?: number | null; width?: number | null; height?: number | null };
  short_description?: string;
  description?: string;
  /** WooCommerce's `meta_data` entries to set; a null value removes the key. Other keys are kept. */
  meta_data?: { key: string; value: string | null }[];
}

/** The fields a variation body sets. */
export interface VariationInput
  extends Pick<
    ProductInput,
    | 'sku'
    | 'regular_price'
    | 'sale_price'
    | 'date_on_sale_from'
    | 'date_on_sale_to'
    | 'manage_stock'
    | 'stock_quantity'
    | 'backorders'
    | 'stock_status'
  > {
  /** Attribute name or label -> the one term this variation has. */
  attributes?: { name: string; option: string }[];
  /** The variation's own picture and its text alternative; null removes it. */
  image?: { src: string; alt: string } | null;
}

export interface ParsedInput<T> {
  input: T;
  /** Field name -> what is wrong with it; empty when the body is good. */
  problems: Record<string, string>;
}

function readPrices(
  reader: BodyReader,
): Pick<ProductInput, 'regular_price' | 'sale_price' | 'date_on_sale_from' | 'date_on_sale_to'> {
  return {
    regular_price: reader.price('regular_price'),
    sale_price: reader.price('sale_price'),
    date_on_sale_from: reader.saleDate('date_on_sale_from'),
    date_on_sale_to: reader.saleDate('date_on_sale_to'),
  };
}

/** Drops the fields the body did not set, so that `{...product, ...input}`-style merging never sees `undefined`. */
function defined<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;
}

function notAnObject(): ParsedInput<never> {
  return { input: {} as never, problems: { body: 'The request body must be a JSON object.' } };
}

/**
 * @param body the parsed JSON body (anything: it is checked here)
 * @param timeZone the shop's zone, in which `date_on_sale_from` / `_to` are read
 * @example parseProductInput({ name: 'Mug', regular_price: '12.50' }, 'Europe/Warsaw').input // { name: 'Mug',
 * regular_price: 12.5 }
 */
export function parseProductInput(body: unknown, timeZone: string): ParsedInput<ProductInput> {
  if (!isPlainObject(body)) return notAnObject();
  const reader = new BodyReader(body, timeZone);
  const input: ProductInput = {
    name: reader.scalar('name', boundedText(LIMITS.name)),
    slug: reader.scalar('slug', { type: 'string', maxLength: 200, pattern: '^[a-z0-9-]*$' }),
    type: reader.scalar('type', { type: 'string', enum: ['simple', 'variable'] }),
    status: reader.scalar('status', { type: 'string', enum: [...PRODUCT_STATUSES] }),
    sku: reader.scalar('sku', boundedText(LIMITS.sku)),
    ...readPrices(reader),
    ...readStockInput(reader),
    category_ids: reader.list(
      'categories',
      (entry, index) => {
        const id = own(entry, 'id');
        return Number.isSafeInteger(id) && (id as number) > 0
          ? (id as number)
          : new Problem(`categories[${index}].id must be a category's id (a positive integer).`);
      },
      LIMITS.categories,
    ),
    tags: reader.list(
      'tags',
      (entry, index) => {
        // This shop keeps tags by name (the API shows them with id 0), so a tag is named, not numbered.
        return termName(
          own(entry, 'name'),
          `tags[${index}].name`,
          ' Tags are kept by name here (the API shows them with id 0).',
        );
      },
      LIMITS.tags,
    ),
    attributes: reader.list(
      'attributes',
      (entry, index) => {
        const name = termName(
          own(entry, 'name'),
          `attributes[${index}].name`,
          ' Attributes are named here (the API shows them with id 0).',
        );
        if (name instanceof Problem) return name;
        const options = own(entry, 'options') ?? [];
        if (!Array.isArray(options) || options.length > LIMITS.terms)
          return new Problem(`attributes[${index}].options must be an array of at most ${LIMITS.terms} term names.`);
        const terms: string[] = [];
        for (const [at, option] of options.entries()) {
          const term = termName(option, `attributes[${index}].options[${at}]`);
          if (term instanceof Problem) return term;
          if (!terms.includes(term)) terms.push(term);
        }
        return { name, options: terms };
      },
      LIMITS.attributes,
    ),
    ...readImages(reader),
    brand: readBrand(reader),
    tax_status: reader.scalar('tax_status', { type: 'string', enum: [...TAX_STATUSES] }),
    tax_class: reader.scalar('tax_class', { type: 'string', maxLength: 200, pattern: '^([a-z0-9]+(-[a-z0-9]+)*)?$' }),
    weight: reader.measure('weight', own(body, 'weight'), 'kilograms'),
    dimensions: readDimensions(reader),
    short_description: reader.scalar('short_description', boundedText(LIMITS.shortDescription)),
    description: reader.scalar('description', boundedText(LIMITS.description)),
    meta_data: readMetaData(reader),
  };
  return { input: defined(input), problems: reader.problems };
}

const META_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,254}$/;

/**
 * `meta_data: [{key, value}]`. Values are kept as text, as CSV `Meta:` columns keep them; "" or null removes the key.
 * Product-safety keys are checked here (product-safety.ts), each bad one named as `meta_data.<key>`.
 */
function readMetaData(reader: BodyReader): ProductInput['meta_data'] {
  const entries = reader.list(
    'meta_data',
    (entry, index) => {
      const key = own(entry, 'key');
      if (typeof key !== 'string' || !META_KEY.test(key))
        return new Problem(`meta_data[${index}].key must be a key of letters, digits and _ . : - (at most 255).`);
      const raw = own(entry, 'value');
      if (raw === null || raw === undefined || raw === '') return { key, value: null };
      if (!['string', 'number', 'boolean'].includes(typeof raw))
        return new Problem(`meta_data[${index}].value must be text (or null to remove ${key}).`);
      const value = String(raw);
      return value.length > LIMITS.metaValue
        ? new Problem(`meta_data[${index}].value must be at most ${LIMITS.metaValue} characters.`)
        : { key, value };
    },
    LIMITS.metaKeys,
  );
  for (const { key, value } of entries ?? []) {
    const problem = value === null ? null : (safetyMetaProblem(key, value) ?? salesMetaProblem(key, value));
    if (problem) reader.problems[`meta_data.${key}`] = problem;
  }
  return entries;
}

/** An image's address: an http(s) address or a path on this site, without quotes or spaces (catalog-limits.ts). */
function imageSrc(raw: unknown, path: string): string | Problem {
  const problem = typeof raw === 'string' ? imageUrlProblem(raw) : 'it must be a string';
  return problem === null
    ? (raw as string)
    : new Problem(`${path} must be an http(s) address or a site path: ${problem}.`);
}

/** An image's text alternative: text of at most MAX_ALT characters, '' when absent. */
function imageAlt(raw: unknown, path: string): string | Problem {
  if (raw === undefined || raw === null) return '';
  return typeof raw === 'string' && raw.length <= MAX_ALT
    ? raw.trim()
    : new Problem(`${path} must be text of at most ${MAX_ALT} characters.`);
}

/** `images: [{src, alt}]`: the addresses, and their text alternatives beside them. */
function readImages(reader: BodyReader): Pick<ProductInput, 'images' | 'image_alts'> {
  const images = reader.list(
    'images',
    (entry, index) => {
      const src = imageSrc(own(entry, 'src'), `images[${index}].src`);
      if (src instanceof Problem) return src;
      const alt = imageAlt(own(entry, 'alt'), `images[${index}].alt`);
      return alt instanceof Problem ? alt : { src, alt };
    },
    LIMITS.images,
  );
  return images === undefined
    ? {}
    : { images: images.map((image) => image.src), image_alts: images.map((image) => image.alt) };
}

/** WooCommerce's `brands` list; this shop files a product under one brand, named as tags are. */
function readBrand(reader: BodyReader): string | undefined {
  const brands = reader.list('brands', (entry, index) =>
    termName(
      own(entry, 'name'),
      `brands[${index}].name`,
      ' Brands are kept by name here (the API shows them with id 0).',
    ),
  );
  if (brands === undefined) return undefined;
  if (brands.length > 1)
    return void (reader.problems.brands = 'brands must list at most one brand: a product has one brand here.');
  return brands[0] ?? '';
}

/** `dimensions: {length, width, height}` in centimetres; each side named on its own when bad. */
function readDimensions(reader: BodyReader): ProductInput['dimensions'] {
  if (!reader.has('dimensions')) return undefined;
  const raw = reader.body.dimensions;
  if (!isPlainObject(raw))
    return void (reader.problems.dimensions = 'dimensions must be an object {length, width, height} of centimetres.');
  const dimensions: NonNullable<ProductInput['dimensions']> = {};
  for (const side of ['length', 'width', 'height'] as const) {
    const value = reader.measure(`dimensions.${side}`, own(raw, side), 'centimetres');
    if (value !== undefined) dimensions[side] = value;
  }
  return dimensions;
}

/** A variation's `image: {src, alt}`; null, {} or an empty src removes it. */
function readVariationImage(reader: BodyReader): VariationInput['image'] {
  if (!reader.has('image')) return undefined;
  const raw = reader.body.image;
  if (raw === null || (isPlainObject(raw) && (own(raw, 'src') === undefined || own(raw, 'src') === ''))) return null;
  if (!isPlainObject(raw))
    return void (reader.problems.image = 'image must be an object {src, alt}, or null to remove it.');
  const src = imageSrc(own(raw, 'src'), 'image.src');
  const alt = imageAlt(own(raw, 'alt'), 'image.alt');
  if (src instanceof Problem || alt instanceof Problem)
    return void (reader.problems.image = (src instanceof Problem ? src : (alt as Problem)).message);
  return { src, alt };
}

/** @example parseVariationInput({ regular_price: '15', attributes: [{ name: 'Size', option: 'S' }] }, 'UTC') */
export function parseVariationInput(body: unknown, timeZone: string): ParsedInput<VariationInput> {
  if (!isPlainObject(body)) return notAnObject();
  const reader = new BodyReader(body, timeZone);
  const input: VariationInput = {
    sku: reader.scalar('sku', boundedText(LIMITS.sku)),
    ...readPrices(reader),
    ...readStockInput(reader),
    attributes: reader.list(
      'attributes',
      (entry, index) => {
        const name = termName(own(entry, 'name'), `attributes[${index}].name`);
        if (name instanceof Problem) return name;
        const option = termName(own(entry, 'option'), `attributes[${index}].option`);
        return option instanceof Problem ? option : { name, option };
      },
      LIMITS.attributes,
    ),
    image: readVariationImage(reader),
  };
  return { input: defined(input), problems: reader.problems };
}
