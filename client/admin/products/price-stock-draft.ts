/**
 * The quick edit's form state for one priced item (a simple product or a variation) and the wc/v3 body of what
 * changed. Sale dates are whole days in the shop's time: a sale starts at the first second of its first day and
 * ends at the last second of its last, as WooCommerce's date pickers mean them.
 */
import type { WcBackorders, WcPriced, WcStockStatus } from '../../api/woocommerce.js';
import { parseShopNumber, toApiNumber, toFieldNumber } from '../locale/shop-number.js';

export interface PriceStockDraft {
  regular_price: string;
  sale_price: string;
  /** `YYYY-MM-DD` or ''. */
  sale_from: string;
  sale_to: string;
  /** Whether the quantity is counted; off, the item sells while its status says it is in stock. */
  manage_stock: boolean;
  stock_quantity: string;
  backorders: WcBackorders;
  stock_status: WcStockStatus;
}

/** The REST field that reports a problem with each form field (wc/v3 names; `_gmt` twins map to the same field). */
export const FIELD_OF_PARAM: Record<string, keyof PriceStockDraft> = {
  regular_price: 'regular_price',
  sale_price: 'sale_price',
  date_on_sale_from: 'sale_from',
  date_on_sale_from_gmt: 'sale_from',
  date_on_sale_to: 'sale_to',
  date_on_sale_to_gmt: 'sale_to',
  manage_stock: 'manage_stock',
  stock_quantity: 'stock_quantity',
  backorders: 'backorders',
  stock_status: 'stock_status',
};

/** @param item a simple product or a variation, as wc/v3 answers it */
export function draftOf(
  item: Pick<
    WcPriced,
    | 'regular_price'
    | 'sale_price'
    | 'date_on_sale_from'
    | 'date_on_sale_to'
    | 'manage_stock'
    | 'stock_quantity'
    | 'backorders'
    | 'stock_status'
  >,
): PriceStockDraft {
  return {
    regular_price: toFieldNumber(item.regular_price),
    sale_price: toFieldNumber(item.sale_price),
    sale_from: item.date_on_sale_from?.slice(0, 10) ?? '',
    sale_to: item.date_on_sale_to?.slice(0, 10) ?? '',
    manage_stock: item.manage_stock,
    stock_quantity: item.stock_quantity === null ? '' : String(item.stock_quantity),
    backorders: item.backorders,
    stock_status: item.stock_status,
  };
}

/**
 * The PUT body for the fields that differ from `saved`; null when nothing changed. Prices typed the shop's way
 * ("129,99") go as plain numbers ("129.99"); anything else goes as typed: the server checks it and names each bad
 * one, which is the one place prices are validated.
 */
export function changedBody(saved: PriceStockDraft, draft: PriceStockDraft): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  if (draft.regular_price !== saved.regular_price) body.regular_price = toApiNumber(draft.regular_price);
  if (draft.sale_price !== saved.sale_price) body.sale_price = toApiNumber(draft.sale_price);
  if (draft.sale_from !== saved.sale_from)
    body.date_on_sale_from = draft.sale_from ? `${draft.sale_from}T00:00:00` : null;
  if (draft.sale_to !== saved.sale_to) body.date_on_sale_to = draft.sale_to ? `${draft.sale_to}T23:59:59` : null;
  if (draft.manage_stock !== saved.manage_stock) body.manage_stock = draft.manage_stock;
  // Turning tracking on sends the quantity even when it is still empty: the server then says that one is needed.
  const trackingOn = draft.manage_stock && !saved.manage_stock;
  if (draft.manage_stock && (trackingOn || draft.stock_quantity !== saved.stock_quantity)) {
    const quantity = parseShopNumber(draft.stock_quantity);
    // Sent as typed when it is not a whole number, so the server's reason is the one shown.
    body.stock_quantity = quantity !== null && Number.isInteger(quantity) ? quantity : draft.stock_quantity;
  }
  if (draft.manage_stock && draft.backorders !== saved.backorders) body.backorders = draft.backorders;
  // A tracked item's status follows from its quantity; only an untracked one's is set by hand.
  if (!draft.manage_stock && (draft.stock_status !== saved.stock_status || draft.manage_stock !== saved.manage_stock))
    body.stock_status = draft.stock_status;
  return Object.keys(body).length ? body : null;
}

/** The form fields each REST problem belongs to; problems of no form field are returned under `other`. */
export function problemsByField(params: Record<string, string>): {
  fields: Partial<Record<keyof PriceStockDraft, string>>;
  other: string[];
} {
  const fields: Partial<Record<keyof PriceStockDraft, string>> = {};
  const other: string[] = [];
  for (const [param, reason] of Object.entries(params)) {
    const field = FIELD_OF_PARAM[param];
    if (field) fields[field] = reason;
    else other.push(reason);
  }
  return { fields, other };
}
