/**
 * The product editor's form: a product as the form's fields hold it (text as typed), read from a `wc/v3` answer, and
 * the `wc/v3` body that saves it: every field for a new product, only what changed for a stored one. Values go as
 * typed: the server checks them and names each bad one (product-errors.ts puts that in the manager's words), which
 * keeps one place where a product is validated. No I/O: tested in Node.
 */
import {
  SAFETY_META_KEYS,
  SALES_META_KEYS,
  type UnitPriceUnit,
  type WcProduct,
  type WcProductStatus,
} from '../../api/woocommerce.js';
import { toApiNumber, toFieldNumber } from '../locale/shop-number.js';
import { changedBody, draftOf, type PriceStockDraft } from '../products/price-stock-draft.js';

/** A chosen image: its address as wc/v3 answers it, and its text alternative. */
export interface ImageChoice {
  src: string;
  alt: string;
}

export interface AttributeDraft {
  /** The attribute's label, e.g. `Colour` (the server matches it to a known attribute, or defines a new one). */
  name: string;
  options: string[];
  /** Whether the variations are made from its terms (a variable product's attributes). */
  variation: boolean;
}

export type SafetyKey = (typeof SAFETY_META_KEYS)[keyof typeof SAFETY_META_KEYS];
export const SAFETY_KEYS = Object.values(SAFETY_META_KEYS) as SafetyKey[];

export interface ProductForm {
  name: string;
  slug: string;
  status: WcProductStatus;
  type: 'simple' | 'variable';
  description: string;
  short_description: string;
  sku: string;
  /** A simple product's prices and stock; a variable product's are its variations'. */
  prices: PriceStockDraft;
  /** Kilograms and centimetres, as typed (the shop's decimal mark). */
  weight: string;
  length: string;
  width: string;
  height: string;
  delivery_time: string;
  unit: UnitPriceUnit | '';
  unit_quantity: string;
  /** The quantity the unit price is given for ("100" for per 100 g); '' for the default. */
  unit_reference: string;
  safety: Record<SafetyKey, string>;
  categories: number[];
  tags: string[];
  brand: string;
  /** The main image first, then the gallery. */
  images: ImageChoice[];
  attributes: AttributeDraft[];
}

/**
 * Field (wc/v3 name, e.g. `sale_price`, `meta_data.gpsr_documents`) -> why the server refused it, in the manager's
 * words.
 */
export type FieldErrors = Record<string, string>;

/** What each section of the editor is given: the form, the reasons of a refused save, and a way to change fields. */
export interface SectionProps {
  form: ProductForm;
  errors: FieldErrors;
  change: (changes: Partial<ProductForm>) => void;
}

/** The prices and stock of an item not yet priced. */
export const BLANK_PRICES: PriceStockDraft = {
  regular_price: '',
  sale_price: '',
  sale_from: '',
  sale_to: '',
  // A new item is not tracked until its owner asks for counting, as in WooCommerce: it sells while in stock.
  manage_stock: false,
  stock_quantity: '',
  backorders: 'no',
  stock_status: 'instock',
};

const metaValue = (product: WcProduct | null, key: string) =>
  product?.meta_data.find((entry) => entry.key === key)?.value ?? '';

/** The form of a stored product, or of a new one (null): a draft, simple, with nothing filled in. */
export function formOf(product: WcProduct | null): ProductForm {
  const meta = (key: string) => metaValue(product, key);
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    status: product?.status ?? 'draft',
    type: product?.type ?? 'simple',
    description: product?.description ?? '',
    short_description: product?.short_description ?? '',
    sku: product?.sku ?? '',
    prices: product && product.type === 'simple' ? draftOf(product) : BLANK_PRICES,
    weight: toFieldNumber(product?.weight),
    length: toFieldNumber(product?.dimensions.length),
    width: toFieldNumber(product?.dimensions.width),
    height: toFieldNumber(product?.dimensions.height),
    delivery_time: meta(SALES_META_KEYS.deliveryTime),
    unit: meta(SALES_META_KEYS.unitPriceUnit) as UnitPriceUnit | '',
    unit_quantity: toFieldNumber(meta(SALES_META_KEYS.unitPriceQuantity)),
    unit_reference: toFieldNumber(meta(SALES_META_KEYS.unitPriceReference)),
    safety: Object.fromEntries(SAFETY_KEYS.map((key) => [key, meta(key)])) as Record<SafetyKey, string>,
    categories: product?.categories.map((category) => category.id) ?? [],
    tags: product?.tags.map((tag) => tag.name) ?? [],
    brand: product?.brands[0]?.name ?? '',
    images: product?.images.map((image) => ({ src: image.src, alt: image.alt })) ?? [],
    attributes:
      product?.attributes.map((attribute) => ({
        name: attribute.name,
        options: [...attribute.options],
        variation: attribute.variation,
      })) ?? [],
  };
}

/** The `meta_data` values the form holds, by key ('' for none). */
function metaOf(form: ProductForm): Record<string, string> {
  return {
    [SALES_META_KEYS.deliveryTime]: form.delivery_time.trim(),
    [SALES_META_KEYS.unitPriceUnit]: form.unit,
    [SALES_META_KEYS.unitPriceQuantity]: toApiNumber(form.unit_quantity),
    [SALES_META_KEYS.unitPriceReference]: toApiNumber(form.unit_reference),
    ...Object.fromEntries(SAFETY_KEYS.map((key) => [key, form.safety[key].trim()])),
  };
}

/** The body's value of each field group, by wc/v3 field; compared group by group to find what changed. */
function fieldsOf(form: ProductForm): Record<string, unknown> {
  return {
    name: form.name.trim(),
    slug: form.slug.trim(),
    status: form.status,
    type: form.type,
    description: form.description,
    short_description: form.short_description,
    sku: form.sku.trim(),
    weight: toApiNumber(form.weight),
    dimensions: { length: toApiNumber(form.length), width: toApiNumber(form.width), height: toApiNumber(form.height) },
    categories: form.categories.map((id) => ({ id })),
    tags: form.tags.map((name) => ({ name })),
    brands: form.brand.trim() ? [{ name: form.brand.trim() }] : [],
    images: form.images.map(({ src, alt }) => ({ src, alt: alt.trim() })),
    // A row left entirely empty is no attribute; a half-filled one goes, for the server to name what it lacks.
    attributes: form.attributes
      .filter((attribute) => attribute.name.trim() !== '' || attribute.options.length > 0)
      .map((attribute) => ({
        name: attribute.name.trim(),
        options: attribute.options,
        visible: true,
        variation: form.type === 'variable' && attribute.variation,
      })),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The wc/v3 body that saves `form`: for a new product (`saved` null) every field, for a stored one only the groups
 * that differ from `saved`; null when nothing changed. A simple product's regular price always goes on a create, so
 * an empty one is refused rather than stored as free.
 */
export function productBody(saved: ProductForm | null, form: ProductForm): Record<string, unknown> | null {
  const before = saved ? fieldsOf(saved) : null;
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fieldsOf(form))) {
    if (before && same(before[field], value)) continue;
    // An empty slug on a new product is left to the server, which makes it from the name.
    if (!before && field === 'slug' && value === '') continue;
    body[field] = value;
  }
  if (form.type === 'simple') {
    const prices = changedBody(saved?.type === 'simple' ? saved.prices : BLANK_PRICES, form.prices) ?? {};
    Object.assign(body, prices);
    if (saved?.type !== 'simple')
      Object.assign(body, {
        regular_price: toApiNumber(form.prices.regular_price),
        ...(form.prices.manage_stock ? {} : { stock_status: form.prices.stock_status }),
      });
  }
  const metaBefore = saved ? metaOf(saved) : null;
  const meta = Object.entries(metaOf(form))
    .filter(([key, value]) => (metaBefore ? metaBefore[key] !== value : value !== ''))
    // "" removes a key, as WooCommerce's meta_data takes it.
    .map(([key, value]) => ({ key, value: value === '' ? null : value }));
  if (meta.length) body.meta_data = meta;
  return Object.keys(body).length ? body : null;
}
