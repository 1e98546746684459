/**
 * A refused `wc/v3` product or variation write, in the manager's words: the product forms' words (labels and
 * sentences by wc/v3 field, applied by field-sentences.ts). A reason becomes a sentence to show beside its field ("Sale
 * price must be lower than the regular price (162,99 zł)."), keyed by the field the form shows it next to (a date's
 * `_gmt` twin under the date; a taken SKU, which WooCommerce answers with its own code and no params, under `sku`).
 * Numbers in the sentences are written the shop's way (locale/shop-number.ts). No I/O: tested in Node.
 */
import { __, sprintf } from '@wordpress/i18n';
import { formatShopMoney, toFieldNumber } from '../locale/shop-number.js';
import { fieldSentences, type FormWords } from './field-sentences.js';
import { RestRequestError } from './rest-error.js';

const priceSentence = (label: string) =>
  sprintf(__('%1$s must be a price such as %2$s, or empty.'), label, toFieldNumber('12.50'));
const measureSentence = (label: string, unit: string) =>
  sprintf(__('%1$s must be a number of %2$s such as %3$s, or empty.'), label, unit, toFieldNumber('1.25'));
const DATE_SENTENCE = () => __('Enter a date such as 2026-05-01.');
const CONTACT_SENTENCE = () => __('Enter an email address (name@example.com) or a web address starting with https://.');

/** The regular price named in the server's reason (`… regular_price (162.99).`), in the shop's money. */
function regularPriceIn(reason: string): string | null {
  const amount = /regular_price \((\d+(?:\.\d+)?)\)/.exec(reason)?.[1];
  return amount === undefined ? null : formatShopMoney(Number(amount));
}

/** The product forms' fields, by wc/v3 name: the label each shows, and the sentences for the reasons we know. */
export const PRODUCT_WORDS: FormWords = {
  name: { label: __('Name'), sentence: () => __('Give the product a name of at most a few hundred characters.') },
  slug: {
    label: __('Slug'),
    sentence: (reason) =>
      /pattern|match/i.test(reason) ? __('Use only lower-case letters, digits and hyphens (or leave it empty).') : null,
  },
  status: { label: __('Status') },
  sku: { label: __('SKU') },
  regular_price: {
    label: __('Regular price'),
    sentence: (reason) =>
      /must not be empty/.test(reason)
        ? __('Enter a regular price: an item for sale needs one.')
        : priceSentence(__('Regular price')),
  },
  sale_price: {
    label: __('Sale price'),
    sentence: (reason) => {
      if (!/must be lower than/.test(reason)) return priceSentence(__('Sale price'));
      const regular = regularPriceIn(reason);
      return regular
        ? sprintf(__('Sale price must be lower than the regular price (%s).'), regular)
        : __('Sale price must be lower than the regular price.');
    },
  },
  date_on_sale_from: { label: __('Sale starts'), sentence: DATE_SENTENCE },
  date_on_sale_to: {
    label: __('Sale ends'),
    sentence: (reason) =>
      /before/.test(reason) ? __('The sale must end on or after the day it starts.') : DATE_SENTENCE(),
  },
  stock_quantity: {
    label: __('Stock quantity'),
    sentence: (reason) =>
      /manage_stock is true/.test(reason)
        ? __('Enter how many are in stock, or untick "Manage stock" to sell without counting.')
        : __('Stock quantity must be a whole number of items, such as 12.'),
  },
  manage_stock: { label: __('Manage stock') },
  backorders: { label: __('Backorders') },
  stock_status: { label: __('Stock status') },
  description: { label: __('Description') },
  short_description: { label: __('Short description') },
  categories: {
    label: __('Categories'),
    sentence: (reason) =>
      /no category has/.test(reason)
        ? __('A chosen category no longer exists: reload the page and choose again.')
        : null,
  },
  tags: { label: __('Tags') },
  brands: { label: __('Brand'), sentence: (reason) => (/one brand/.test(reason) ? __('Choose one brand.') : null) },
  images: { label: __('Images'), sentence: () => __('Choose the images from the media library.') },
  image: { label: __('Image'), sentence: () => __('Choose an image from the media library.') },
  attributes: { label: __('Attributes') },
  weight: { label: __('Weight'), sentence: () => measureSentence(__('Weight'), __('kilograms')) },
  'dimensions.length': { label: __('Length'), sentence: () => measureSentence(__('Length'), __('centimetres')) },
  'dimensions.width': { label: __('Width'), sentence: () => measureSentence(__('Width'), __('centimetres')) },
  'dimensions.height': { label: __('Height'), sentence: () => measureSentence(__('Height'), __('centimetres')) },
  'meta_data.delivery_time': {
    label: __('Delivery time'),
    sentence: () => __('Write the delivery time on one line, such as \u201c2\u20133 working days\u201d.'),
  },
  'meta_data.unit_price_unit': {
    label: __('Unit'),
    sentence: (reason) =>
      /must be given with/.test(reason)
        ? __('Choose the unit the pack\u2019s quantity is counted in.')
        : __('Choose one of the units offered.'),
  },
  'meta_data.unit_price_quantity': {
    label: __('Quantity in the pack'),
    sentence: (reason) =>
      /must be given with/.test(reason)
        ? sprintf(
            __('Enter how much of the unit the pack holds, such as %s for 500 g counted in kg.'),
            toFieldNumber('0.5'),
          )
        : sprintf(__('Quantity in the pack must be a number above 0, such as %s.'), toFieldNumber('0.5')),
  },
  'meta_data.gpsr_manufacturer_contact': {
    label: __('Manufacturer\u2019s email or web address'),
    sentence: CONTACT_SENTENCE,
  },
  'meta_data.gpsr_responsible_contact': {
    label: __('Responsible person\u2019s email or web address'),
    sentence: CONTACT_SENTENCE,
  },
  'meta_data.gpsr_documents': {
    label: __('Safety documents'),
    sentence: (reason) => {
      const line = /line (\d+)/.exec(reason)?.[1];
      return line
        ? sprintf(
            __(
              'Line %s: write each document as a title, a bar and its web address, such as \u201cManual | https://example.com/manual.pdf\u201d.',
            ),
            line,
          )
        : null;
    },
  },
};

/** The field a reason is shown beside: a date's `_gmt` twin beside the date. */
const fieldOf = (param: string) => param.replace(/_gmt$/, '');

/**
 * @example productFieldSentences({ sale_price: 'sale_price (199.99) must be lower than regular_price (162.99).' })
 *   // { sale_price: 'Sale price must be lower than the regular price (162,99 zł).' } (pl-PL, PLN)
 */
export function productFieldSentences(params: Record<string, string>): Record<string, string> {
  return fieldSentences(params, PRODUCT_WORDS, fieldOf);
}

/** The error of a refused product write with its fields in the manager's words (a taken SKU under `sku`). */
export function inManagerWords(error: RestRequestError): RestRequestError {
  const fields = productFieldSentences(error.fields);
  if (error.code === 'product_invalid_sku')
    fields.sku = __('Another product or variation already has this SKU. Each SKU must be unique.');
  return new RestRequestError(error.message, error.code, error.status, fields);
}
