/**
 * A `wc/v3/coupons` body read into a stored coupon: the declared args are checked by the route (types, bounds), the
 * rest here (amounts as decimal strings, a percent of at most 100, dates in the shop's time or GMT, the nullable
 * limits, the advertised flag in `meta_data`). Every bad field is named at once and nothing is stored.
 */
import { ADVERTISED_META_KEY } from '../../client/api/wc-coupons.js';
import { InvalidInputError } from '../errors/domain-errors.js';
import type { ArgSchemas } from '../rest/args.js';
import { COUPON_DISCOUNT_TYPES, couponCode, type NewCoupon } from '../store/coupons-store.js';
import { fromLocalDateTime } from '../store/local-time.js';

const ids = (description: string) =>
  ({ type: 'array', description, items: { type: 'integer', minimum: 1 }, maxItems: 1000 }) as const;
const money = (description: string) =>
  ({ type: 'string', description, pattern: '^(\\d{1,7}(\\.\\d{0,2})?)?$' }) as const;

/** The body fields with a fixed type; `date_expires(_gmt)`, `usage_limit(_per_user)` and `meta_data` may be null. */
export const COUPON_ARGS = {
  code: { type: 'string', description: 'Coupon code.', minLength: 1, maxLength: 50 },
  amount: money('The amount of discount: a percent for percent, money otherwise.'),
  discount_type: { type: 'string', description: 'Determines the type of discount.', enum: COUPON_DISCOUNT_TYPES },
  description: { type: 'string', description: 'Coupon description.', maxLength: 2000 },
  individual_use: { type: 'boolean', description: 'Cannot be used with other coupons.' },
  product_ids: ids('Products the coupon applies to.'),
  excluded_product_ids: ids('Products the coupon does not apply to.'),
  product_categories: ids('Categories the coupon applies to.'),
  excluded_product_categories: ids('Categories the coupon does not apply to.'),
  free_shipping: { type: 'boolean', description: 'Whether the coupon grants free shipping.' },
  exclude_sale_items: { type: 'boolean', description: 'Whether the coupon does not apply to items on sale.' },
  minimum_amount: money('Minimum order amount for the coupon to apply.'),
  maximum_amount: money('Maximum order amount for the coupon to apply.'),
  email_restrictions: {
    type: 'array',
    description: 'Billing e-mails allowed to use the coupon (* as a wildcard).',
    items: { type: 'string', minLength: 1, maxLength: 200 },
    maxItems: 200,
  },
} as const satisfies ArgSchemas;

/** The checked args, as the route passes them. */
export type CouponParams = Partial<{
  code: string;
  amount: string;
  discount_type: NewCoupon['discount_type'];
  description: string;
  individual_use: boolean;
  product_ids: number[];
  excluded_product_ids: number[];
  product_categories: number[];
  excluded_product_categories: number[];
  free_shipping: boolean;
  exclude_sale_items: boolean;
  minimum_amount: string;
  maximum_amount: string;
  email_restrictions: string[];
}>;

/** `10.5` as hundredths (1050); '' as 0. */
const hundredthsOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
};

const own = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, key)
    ? (body as Record<string, unknown>)[key]
    : undefined;

/**
 * `coupon` with the body's changes applied (a new one starts from `blank`), checked whole.
 * @throws InvalidInputError naming every bad field
 */
export function applyCouponInput(
  coupon: NewCoupon,
  params: CouponParams,
  body: unknown,
  timeZone: string,
  now: string,
): NewCoupon {
  const problems: Record<string, string> = {};
  const next: NewCoupon = { ...coupon, date_modified: now };
  if (params.code !== undefined) {
    next.code = couponCode(params.code);
    if (next.code === '' || /[\p{C},]/u.test(next.code)) problems.code = 'code must be a code without commas.';
  }
  if (params.discount_type !== undefined) next.discount_type = params.discount_type;
  if (params.amount !== undefined) next.amount = hundredthsOf(params.amount);
  if (next.discount_type === 'percent' && next.amount > 10_000) problems.amount = 'A percent discount is at most 100.';
  if (params.description !== undefined) next.description = params.description;
  for (const flag of ['individual_use', 'free_shipping', 'exclude_sale_items'] as const) {
    if (params[flag] !== undefined) next[flag] = params[flag];
  }
  for (const list of [
    'product_ids',
    'excluded_product_ids',
    'product_categories',
    'excluded_product_categories',
  ] as const) {
    if (params[list] !== undefined) next[list] = [...new Set(params[list])];
  }
  if (params.minimum_amount !== undefined) next.minimum_amount = hundredthsOf(params.minimum_amount);
  if (params.maximum_amount !== undefined) next.maximum_amount = hundredthsOf(params.maximum_amount);
  if (next.maximum_amount > 0 && next.minimum_amount > next.maximum_amount) {
    problems.maximum_amount = 'maximum_amount must not be less than minimum_amount.';
  }
  if (params.email_restrictions !== undefined) {
    next.email_restrictions = [...new Set(params.email_restrictions.map((email) => email.trim().toLowerCase()))];
  }
  for (const limit of ['usage_limit', 'usage_limit_per_user'] as const) {
    const value = own(body, limit);
    if (value === undefined) continue;
    if (value === null || value === '' || value === 0) next[limit] = null;
    else if (Number.isSafeInteger(Number(value)) && Number(value) > 0) next[limit] = Number(value);
    else problems[limit] = `${limit} must be a whole number of uses, or null for no limit.`;
  }
  for (const [field, zone] of [
    ['date_expires', timeZone],
    ['date_expires_gmt', 'UTC'],
  ] as const) {
    const value = own(body, field);
    if (value === undefined) continue;
    if (value === null || value === '') next.date_expires = null;
    else {
      const instant = typeof value === 'string' ? fromLocalDateTime(value.slice(0, 19), zone) : null;
      if (instant) next.date_expires = instant;
      else problems[field] = `${field} must be a date (YYYY-MM-DDTHH:MM:SS) or null.`;
    }
  }
  const meta = own(body, 'meta_data');
  if (meta !== undefined) {
    if (!Array.isArray(meta) || meta.length > 100) problems.meta_data = 'meta_data must be a list of {key, value}.';
    else {
      const flag = meta.findLast((entry) => own(entry, 'key') === ADVERTISED_META_KEY);
      if (flag !== undefined) {
        const value = own(flag, 'value');
        next.advertised = value === true || value === 'yes' || value === '1' || value === 1;
      }
    }
  }
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  return next;
}

/** The coupon a create starts from: WooCommerce's defaults. */
export function blankCoupon(now: string): NewCoupon {
  return {
    code: '',
    discount_type: 'fixed_cart',
    amount: 0,
    description: '',
    date_expires: null,
    minimum_amount: 0,
    maximum_amount: 0,
    usage_limit: null,
    usage_limit_per_user: null,
    product_ids: [],
    excluded_product_ids: [],
    product_categories: [],
    excluded_product_categories: [],
    exclude_sale_items: false,
    free_shipping: false,
    individual_use: false,
    email_restrictions: [],
    advertised: false,
    date_created: now,
    date_modified: now,
  };
}
