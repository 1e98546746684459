/** The parts of wc/v3's product and variation shapes that the products screen reads (server/catalog/woo-product-json.ts). */
export interface WcPriced {
  id: number;
  sku: string;
  regular_price: string;
  sale_price: string;
  /** Shop time, `2026-05-01T00:00:00`, or null. */
  date_on_sale_from: string | null;
  date_on_sale_to: string | null;
  on_sale: boolean;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  stock_quantity: number | null;
}

export interface WcProduct extends WcPriced {
  name: string;
  type: 'simple' | 'variable';
  status: 'publish' | 'draft' | 'pending' | 'private';
  price: string;
  permalink: string;
  categories: { id: number; name: string; slug: string }[];
  variations: number[];
}

export interface WcVariation extends WcPriced {
  attributes: { name: string; option: string }[];
}

export interface WcCategory {
  id: number;
  name: string;
  parent: number;
}
