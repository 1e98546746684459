/**
 * Create or edit one coupon in a modal, with WooCommerce's fields: code, type and amount, expiry, spend limits, usage
 * limits, product and category rules, sale items, free shipping, individual use, allowed e-mails, and whether the shop
 * advertises it to everyone (then the storefront shows the price with it and the lowest price of the previous 30 days,
 * as the Omnibus rule asks of price reductions). The server validates; its message for each field is shown under it.
 */
import {
  Button,
  Modal,
  Notice,
  SelectControl,
  TextControl,
  TextareaControl,
  ToggleControl,
} from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ADVERTISED_META_KEY, type WcCoupon } from '../../api/wc-coupons.js';
import { withError } from '../components/with-error.js';
import { createCoupon, updateCoupon, type CouponFields } from '../data/coupons-api.js';
import { toRestRequestError } from '../data/rest-error.js';
import { DISCOUNT_TYPE_LABELS, isAdvertised } from './coupon-fields.js';

/** The form's text state: lists and limits as typed, turned into the API's values on save. */
interface Draft {
  code: string;
  discount_type: WcCoupon['discount_type'];
  amount: string;
  description: string;
  date_expires: string;
  minimum_amount: string;
  maximum_amount: string;
  usage_limit: string;
  usage_limit_per_user: string;
  product_ids: string;
  excluded_product_ids: string;
  product_categories: string;
  excluded_product_categories: string;
  email_restrictions: string;
  exclude_sale_items: boolean;
  free_shipping: boolean;
  individual_use: boolean;
  advertised: boolean;
}

const listText = (values: readonly (number | string)[]) => values.join(', ');
const idsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
const noBound = (amount: string) => (Number(amount) === 0 ? '' : amount);

function draftOf(coupon: WcCoupon | null): Draft {
  return {
    code: coupon?.code ?? '',
    discount_type: coupon?.discount_type ?? 'percent',
    amount: coupon?.amount ?? '',
    description: coupon?.description ?? '',
    date_expires: coupon?.date_expires?.slice(0, 10) ?? '',
    minimum_amount: coupon ? noBound(coupon.minimum_amount) : '',
    maximum_amount: coupon ? noBound(coupon.maximum_amount) : '',
    usage_limit: coupon?.usage_limit === null || !coupon ? '' : String(coupon.usage_limit),
    usage_limit_per_user: coupon?.usage_limit_per_user === null || !coupon ? '' : String(coupon.usage_limit_per_user),
    product_ids: listText(coupon?.product_ids ?? []),
    excluded_product_ids: listText(coupon?.excluded_product_ids ?? []),
    product_categories: listText(coupon?.product_categories ?? []),
    excluded_product_categories: listText(coupon?.excluded_product_categories ?? []),
    email_restrictions: listText(coupon?.email_restrictions ?? []),
    exclude_sale_items: coupon?.exclude_sale_items ?? false,
    free_shipping: coupon?.free_shipping ?? false,
    individual_use: coupon?.individual_use ?? false,
    advertised: coupon ? isAdvertised(coupon) : false,
  };
}

function fieldsOf(draft: Draft): CouponFields {
  return {
    code: draft.code,
    discount_type: draft.discount_type,
    amount: draft.amount.replace(',', '.'),
    description: draft.description,
    // A coupon ends with the last second of its day in the shop's time, as WooCommerce's date picker sets it.
    date_expires: draft.date_expires ? `${draft.date_expires}T23:59:59` : null,
    minimum_amount: draft.minimum_amount.replace(',', '.'),
    maximum_amount: draft.maximum_amount.replace(',', '.'),
    usage_limit: draft.usage_limit === '' ? null : Number(draft.usage_limit),
    usage_limit_per_user: draft.usage_limit_per_user === '' ? null : Number(draft.usage_limit_per_user),
    product_ids: idsOf(draft.product_ids),
    excluded_product_ids: idsOf(draft.excluded_product_ids),
    product_categories: idsOf(draft.product_categories),
    excluded_product_categories: idsOf(draft.excluded_product_categories),
    email_restrictions: draft.email_restrictions
      .split(/[\s,]+/)
      .map((email) => email.trim())
      .filter(Boolean),
    exclude_sale_items: draft.exclude_sale_items,
    free_shipping: draft.free_shipping,
    individual_use: draft.individual_use,
    meta_data: [{ key: ADVERTISED_META_KEY, value: draft.advertised ? 'yes' : 'no' }],
  };
}

interface Props {
  coupon: WcCoupon | null;
  onClose(): void;
  onSaved(): void;
}

export function CouponForm({ coupon, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const save = async () => {
    setSaving(true);
    try {
      await (coupon ? updateCoupon(coupon.id, fieldsOf(draft)) : createCoupon(fieldsOf(draft)));
      onSaved();
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(error.fields);
      setMessage(error.message);
    } finally {
      setSaving(false);
    }
  };
  const text = (name: keyof Draft, label: string, help?: string, type: 'text' | 'date' | 'number' = 'text') => (
    <TextControl
      __next40pxDefaultSize
      __nextHasNoMarginBottom
      label={label}
      type={type}
      help={withError(errors[name], help)}
      value={String(draft[name])}
      onChange={(value) => set({ [name]: value } as Partial<Draft>)}
    />
  );
  const toggle = (name: keyof Draft, label: string, help?: string) => (
    <ToggleControl
      __nextHasNoMarginBottom
      label={label}
      help={withError(errors[name], help)}
      checked={Boolean(draft[name])}
      onChange={(checked) => set({ [name]: checked } as Partial<Draft>)}
    />
  );
  return (
    <Modal title={coupon ? __('Edit coupon') : __('Add coupon')} onRequestClose={onClose} size="medium">
      <form
        noValidate
        className="vitrine-settings__fields"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {message && (
          <Notice status="error" isDismissible={false}>
            {__('Nothing was saved.')} {message}
          </Notice>
        )}
        {text('code', __('Code'), __('What shoppers type in the cart. Letters are not case-sensitive.'))}
        <SelectControl
          __next40pxDefaultSize
          __nextHasNoMarginBottom
          label={__('Discount type')}
          help={withError(errors.discount_type)}
          value={draft.discount_type}
          options={Object.entries(DISCOUNT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(value) => set({ discount_type: value as Draft['discount_type'] })}
        />
        {text(
          'amount',
          __('Amount'),
          __('A percentage for a percentage discount, money otherwise (per unit for a fixed product discount).'),
        )}
        <TextareaControl
          __nextHasNoMarginBottom
          label={__('Description')}
          help={withError(errors.description, __('For the shop only.'))}
          value={draft.description}
          onChange={(description) => set({ description })}
        />
        {text(
          'date_expires',
          __('Expiry date'),
          __('The coupon works until the end of this day. Empty: it never expires.'),
          'date',
        )}
        {text('minimum_amount', __('Minimum spend'), __('Of the products the coupon applies to. Empty: none.'))}
        {text('maximum_amount', __('Maximum spend'), __('Empty: none.'))}
        {text('usage_limit', __('Usage limit per coupon'), __('Empty: unlimited.'), 'number')}
        {text(
          'usage_limit_per_user',
          __('Usage limit per customer'),
          __('Counted by account, or by e-mail for guests. Empty: unlimited.'),
          'number',
        )}
        {text('product_ids', __('Products (ids)'), __('Only these products, separated by commas. Empty: all.'))}
        {text('excluded_product_ids', __('Excluded products (ids)'))}
        {text(
          'product_categories',
          __('Product categories (ids)'),
          __('Only products in these categories. Empty: all.'),
        )}
        {text('excluded_product_categories', __('Excluded categories (ids)'))}
        {text(
          'email_restrictions',
          __('Allowed e-mails'),
          __('Billing e-mails that may use it; * matches anything, as *@example.com. Empty: everyone.'),
        )}
        {toggle('exclude_sale_items', __('Exclude sale items'))}
        {toggle('free_shipping', __('Allow free shipping'), __('Delivery costs nothing with this coupon.'))}
        {toggle('individual_use', __('Individual use only'), __('It cannot be combined with other coupons.'))}
        {toggle(
          'advertised',
          __('Advertised to everyone'),
          __(
            'A coupon promoted to all shoppers is a price reduction: product pages then show the price with it and the lowest price of the previous 30 days, as for sale prices.',
          ),
        )}
        <div>
          <Button variant="primary" type="submit" isBusy={saving} disabled={saving} accessibleWhenDisabled>
            {coupon ? __('Save coupon') : __('Add coupon')}
          </Button>{' '}
          <Button variant="tertiary" onClick={onClose}>
            {__('Cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
