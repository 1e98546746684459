/**
 * Products and variations in WooCommerce's REST shapes (`wc/v3`), so that connectors written for WooCommerce read
 * them unchanged: prices as strings with two decimals (empty when absent), dates in the shop's wall-clock time plus
 * `_gmt` twins, stock as `manage_stock`, `stock_quantity`, `stock_status` and `backorders`, terms as `{id, name, slug}`.
 * One addition of ours: `omnibus_price`, the Omnibus reference price of an item on sale (omnibus.ts), or null.
 */
import type { WcProduct, WcStockFields, WcVariation } from '../../client/api/woocommerce.js';
import { toLocalDateTime } from '../store/local-time.js';
import { categoryById } from './category-tree.js';
import { backordersOf, isBackordered, managesStock, stockStatus, type StockedItem } from './stock-keeping.js';
import {
  activePrice,
  isOnSale,
  itemPrice,
  slugify,
  variationsOf,
  type CatalogData,
  type Product,
  type Variation,
} from './model.js';

export interface WooShapeContext {
  catalog: CatalogData;
  timeZone: string;
  /** Absolute base URL of the shop, for permalinks and image addresses. */
  siteUrl: string;
  /** Item id (product or variation) -> its Omnibus reference price; missing means none. */
  omnibus: ReadonlyMap<number, number>;
  /**
   * Image address -> the id of the media library item it is, answered as WooCommerce answers an attachment's; else 0.
   */
  mediaIds?: ReadonlyMap<string, number>;
}

const money = (value: number | null): string => (value === null ? '' : value.toFixed(2));
const localDate = (iso: string | null | undefined, timeZone: string): string | null =>
  iso ? toLocalDateTime(iso, timeZone) : null;
const gmtDate = (iso: string | null | undefined): string | null => (iso ? iso.slice(0, 19) : null);
const absolute = (siteUrl: string, address: string): string =>
  /^https?:\/\//.test(address) ? address : `${siteUrl}${address}`;
/** A weight or length as WooCommerce writes it: the number as typed ("1.25"), '' when not given. */
const measure = (value: number | undefined): string => (value === undefined ? '' : String(value));

export function wooProduct(product: Product, context: WooShapeContext): WcProduct {
  const variable = product.type === 'variable';
  const labels = new Map(context.catalog.attributes.map((attribute) => [attribute.name, attribute.label]));
  const varied = new Set(variationsOf(product).flatMap((variation) => Object.keys(variation.attributes)));
  // Each address with its text alternative, paired before an empty main image is left out.
  const images = [product.image, ...(product.gallery ?? [])]
    .map((src, index) => ({ src, alt: product.image_alts?.[index] ?? '' }))
    .filter((image) => image.src !== '');
  return {
    id: product.id,
    name: product.title,
    slug: product.slug,
    permalink: `${context.siteUrl}/product/${product.slug}`,
    date_created: localDate(product.created_at, context.timeZone),
    date_created_gmt: gmtDate(product.created_at),
    type: variable ? 'variable' : 'simple',
    status: product.status ?? 'publish',
    description: product.description,
    short_description: product.short_description ?? '',
    sku: product.sku,
    price: money(activePrice(product)),
    regular_price: variable ? '' : money(product.regular_price),
    sale_price: variable ? '' : money(product.sale_price),
    date_on_sale_from: variable ? null : localDate(product.date_on_sale_from, context.timeZone),
    date_on_sale_from_gmt: variable ? null : gmtDate(product.date_on_sale_from),
    date_on_sale_to: variable ? null : localDate(product.date_on_sale_to, context.timeZone),
    date_on_sale_to_gmt: variable ? null : gmtDate(product.date_on_sale_to),
    on_sale: variable ? variationsOf(product).some((variation) => isOnSale(variation)) : isOnSale(product),
    total_sales: product.total_sales,
    ...(variable ? variableStockJson(product) : stockJson(product)),
    average_rating: product.rating.toFixed(2),
    rating_count: product.rating_count,
    categories: product.category_ids.flatMap((id) => {
      const category = categoryById(context.catalog.categories, id);
      return category ? [{ id: category.id, name: category.name, slug: category.slug }] : [];
    }),
    tags: (product.tags ?? []).map((tag) => ({ id: 0, name: tag, slug: slugify(tag) })),
    brands: product.brand ? [{ id: 0, name: product.brand, slug: slugify(product.brand) }] : [],
    images: images.map((image, index) => ({
      id: context.mediaIds?.get(image.src) ?? 0,
      src: absolute(context.siteUrl, image.src),
      name: '',
      alt: image.alt,
      position: index,
    })),
    tax_status: product.tax_status ?? 'taxable',
    tax_class: product.tax_class ?? '',
    weight: measure(product.weight),
    dimensions: {
      length: measure(product.dimensions?.length),
      width: measure(product.dimensions?.width),
      height: measure(product.dimensions?.height),
    },
    attributes: Object.entries(product.attributes).map(([name, terms], position) => ({
      id: 0,
      name: labels.get(name) ?? name,
      slug: `pa_${name}`,
      position,
      visible: true,
      variation: varied.has(name),
      options: terms,
    })),
    variations: variationsOf(product).map((variation) => variation.id),
    meta_data: Object.entries(product.meta ?? {}).map(([key, value]) => ({ key, value })),
    omnibus_price: variable ? null : omnibusOf(product.id, context),
  };
}

export function wooVariation(product: Product, variation: Variation, context: WooShapeContext): WcVariation {
  const labels = new Map(context.catalog.attributes.map((attribute) => [attribute.name, attribute.label]));
  return {
    id: variation.id,
    parent_id: product.id,
    sku: variation.sku,
    permalink: `${context.siteUrl}/product/${product.slug}`,
    price: money(itemPrice(variation)),
    regular_price: money(variation.regular_price),
    sale_price: money(variation.sale_price),
    date_on_sale_from: localDate(variation.date_on_sale_from, context.timeZone),
    date_on_sale_from_gmt: gmtDate(variation.date_on_sale_from),
    date_on_sale_to: localDate(variation.date_on_sale_to, context.timeZone),
    date_on_sale_to_gmt: gmtDate(variation.date_on_sale_to),
    on_sale: isOnSale(variation),
    status: 'publish',
    ...stockJson(variation),
    attributes: Object.entries(variation.attributes).map(([name, option]) => ({
      id: 0,
      name: labels.get(name) ?? name,
      slug: `pa_${name}`,
      option,
    })),
    omnibus_price: omnibusOf(variation.id, context),
    image: variation.image
      ? {
          id: context.mediaIds?.get(variation.image) ?? 0,
          src: absolute(context.siteUrl, variation.image),
          name: '',
          alt: variation.image_alt ?? '',
        }
      : null,
  };
}

function omnibusOf(itemId: number, context: WooShapeContext): string | null {
  const price = context.omnibus.get(itemId);
  return price === undefined ? null : money(price);
}

/** WooCommerce's stock fields of a simple product or a variation; a quantity only where it is counted. */
function stockJson(item: StockedItem): WcStockFields {
  const managed = managesStock(item);
  const backorders = backordersOf(item);
  return {
    manage_stock: managed,
    stock_quantity: managed ? item.stock_quantity : null,
    stock_status: stockStatus(item),
    backorders,
    backorders_allowed: backorders !== 'no',
    backordered: isBackordered(item),
  };
}

/** A variable product's stock is its variations': it is in stock while one of them is. */
function variableStockJson(product: Product): WcStockFields {
  return {
    manage_stock: false,
    stock_quantity: null,
    stock_status: product.in_stock ? 'instock' : 'outofstock',
    backorders: 'no',
    backorders_allowed: false,
    backordered: false,
  };
}
