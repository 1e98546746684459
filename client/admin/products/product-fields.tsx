/**
 * The products list's columns. Filtering and paging happen on the server (server/catalog/product-reads.ts), so the
 * fields only declare which filters exist and with which values; none is sortable, as wc/v3 answers in id order.
 */
import type { Field } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import type { WcCategory, WcProduct, WcStockStatus } from '../../api/woocommerce.js';
import { formatApiMoney } from '../locale/shop-number.js';
import { ProductEditLink } from './product-edit-link.js';

export const STOCK_LABELS: Record<WcStockStatus, string> = {
  instock: __('In stock'),
  outofstock: __('Out of stock'),
  onbackorder: __('On backorder'),
};

export function productFields(categories: WcCategory[]): Field<WcProduct>[] {
  return [
    {
      id: 'name',
      label: __('Name'),
      enableHiding: false,
      enableSorting: false,
      getValue: ({ item }) => item.name,
      // A link: the editor is a place to go (and to open in a new tab); the quick edit is an action of the row.
      render: ({ item }) => <ProductEditLink id={item.id}>{item.name || __('(no name)')}</ProductEditLink>,
    },
    { id: 'sku', label: __('SKU'), enableSorting: false, getValue: ({ item }) => item.sku },
    {
      id: 'price',
      label: __('Price'),
      enableSorting: false,
      getValue: ({ item }) => item.price,
      render: ({ item }) =>
        item.on_sale && item.type === 'simple' ? (
          <span>
            <del>
              <span className="screen-reader-text">{__('Regular price')}: </span>
              {formatApiMoney(item.regular_price)}
            </del>{' '}
            <ins>
              <span className="screen-reader-text">{__('Sale price')}: </span>
              {formatApiMoney(item.sale_price)}
            </ins>
          </span>
        ) : (
          <span>
            {item.type === 'variable' ? `${__('from')} ${formatApiMoney(item.price)}` : formatApiMoney(item.price)}
          </span>
        ),
    },
    {
      id: 'stock_status',
      label: __('Stock'),
      enableSorting: false,
      getValue: ({ item }) => item.stock_status,
      render: ({ item }) =>
        `${STOCK_LABELS[item.stock_status]}${item.stock_quantity !== null && item.type === 'simple' ? ` (${item.stock_quantity})` : ''}`,
      elements: Object.entries(STOCK_LABELS).map(([value, label]) => ({ value, label })),
      filterBy: { operators: ['is'] },
    },
    {
      id: 'on_sale',
      label: __('Sale'),
      enableSorting: false,
      getValue: ({ item }) => String(item.on_sale),
      render: ({ item }) => (item.on_sale ? __('On sale') : '—'),
      elements: [
        { value: 'true', label: __('On sale') },
        { value: 'false', label: __('Not on sale') },
      ],
      filterBy: { operators: ['is'] },
    },
    {
      id: 'categories',
      label: __('Categories'),
      enableSorting: false,
      getValue: ({ item }) => item.categories[0]?.id ?? 0,
      render: ({ item }) => item.categories.map((category) => category.name).join(', '),
      elements: categories.map((category) => ({ value: category.id, label: category.name })),
      filterBy: { operators: ['isAny'] },
    },
    { id: 'type', label: __('Type'), enableSorting: false, getValue: ({ item }) => item.type },
  ];
}
