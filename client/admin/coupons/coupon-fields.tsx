/** The coupon list's columns: code, type, amount, usage, expiry, and whether it is advertised to everyone. */
import type { Field } from '@wordpress/dataviews';
import { __, sprintf } from '@wordpress/i18n';
import { ADVERTISED_META_KEY, type WcCoupon } from '../../api/wc-coupons.js';

export const DISCOUNT_TYPE_LABELS: Record<WcCoupon['discount_type'], string> = {
  percent: __('Percentage discount'),
  fixed_cart: __('Fixed cart discount'),
  fixed_product: __('Fixed product discount'),
};

export const isAdvertised = (coupon: WcCoupon) =>
  coupon.meta_data.some((meta) => meta.key === ADVERTISED_META_KEY && meta.value === 'yes');

export const COUPON_FIELDS: Field<WcCoupon>[] = [
  {
    id: 'code',
    label: __('Code'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.code,
  },
  {
    id: 'discount_type',
    label: __('Type'),
    getValue: ({ item }) => item.discount_type,
    elements: Object.entries(DISCOUNT_TYPE_LABELS).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'amount',
    label: __('Amount'),
    getValue: ({ item }) => item.amount,
    render: ({ item }) => (item.discount_type === 'percent' ? `${item.amount}%` : item.amount),
  },
  {
    id: 'usage',
    label: __('Usage / Limit'),
    getValue: ({ item }) => item.usage_count,
    render: ({ item }) =>
      item.usage_limit === null
        ? sprintf(__('%d / unlimited'), item.usage_count)
        : sprintf(__('%1$d / %2$d'), item.usage_count, item.usage_limit),
  },
  {
    id: 'date_expires',
    label: __('Expires'),
    getValue: ({ item }) => item.date_expires ?? '',
    render: ({ item }) => (item.date_expires ? item.date_expires.replace('T', ' ') : __('Never')),
  },
  {
    id: 'advertised',
    label: __('Advertised to everyone'),
    getValue: ({ item }) => isAdvertised(item),
    elements: [
      { value: true, label: __('Yes') },
      { value: false, label: __('No') },
    ],
    render: ({ item }) => (isAdvertised(item) ? __('Yes') : __('No')),
    filterBy: { operators: ['is'] },
  },
  {
    id: 'description',
    label: __('Description'),
    enableGlobalSearch: true,
    getValue: ({ item }) => item.description,
  },
];
