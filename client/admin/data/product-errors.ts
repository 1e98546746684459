/**
 * A refused `wc/v3` product or variation write, in the manager's words. The server names each bad field in
 * `data.params` with a reason written for API clients (`sale_price (12.00) must be lower than regular_price (10.00).`);
 * here each becomes a sentence to show beside the field ("The sale price must be lower than the regular price."),
 * keyed by the field the form shows it next to (a date's `_gmt` twin under the date; a taken SKU, which WooCommerce
 * answers with its own code and no params, under `sku`). A reason with no sentence of ours keeps the server's words,
 * with each field name in it replaced by its label. No I/O: tested in Node.
 */
import { __, sprintf } from '@wordpress/i18n';
import { RestRequestError } from './rest-error.js';

/** The labels of the fields a product form shows, by their wc/v3 names. */
const LABELS: Record<string, string> = {
  name: __('Name'),
  slug: __('Slug'),
  status: __('Status'),
  sku: __('SKU'),
  regular_price: __('Regular price'),
  sale_price: __('Sale price'),
  date_on_sale_from: __('Sale starts'),
  date_on_sale_to: __('Sale ends'),
  stock_quantity: __('Stock quantity'),
  stock_status: __('Stock status'),
  description: __('Description'),
  short_description: __('Short description'),
  categories: __('Categories'),
  tags: __('Tags'),
  brands: __('Brand'),
  images: __('Images'),
  image: __('Image'),
  attributes: __('Attributes'),
  weight: __('Weight'),
  'dimensions.length': __('Length'),
  'dimensions.width': __('Width'),
  'dimensions.height': __('Height'),
  'meta_data.delivery_time': __('Delivery time'),
  'meta_data.unit_price_unit': __('Unit'),
  'meta_data.unit_price_quantity': __('Quantity in the pack'),
  'meta_data.gpsr_manufacturer_contact': __('Manufacturer\u2019s email or web address'),
  'meta_data.gpsr_responsible_contact': __('Responsible person\u2019s email or web address'),
  'meta_data.gpsr_documents': __('Safety documents'),
};

const PRICE_SENTENCE = __('Enter a price such as 12.50, with a dot before the cents.');
const DATE_SENTENCE = __('Enter a date such as 2026-05-01.');
const CONTACT_SENTENCE = __('Enter an email address (name@example.com) or a web address starting with https://.');

/** Sentences for the reasons we know, by field; each returns null when the reason is another one. */
const SENTENCES: Record<string, (reason: string) => string | null> = {
  name: () => __('Give the product a name of at most a few hundred characters.'),
  slug: (reason) => (/pattern|match/i.test(reason) ? __('Use only lower-case letters, digits and hyphens (or leave it empty).') : null),
  regular_price: (reason) => (/must not be empty/.test(reason) ? __('Enter a price: an item for sale needs one.') : PRICE_SENTENCE),
  sale_price: (reason) => (/must be lower than/.test(reason) ? __('The sale price must be lower than the regular price.') : PRICE_SENTENCE),
  date_on_sale_from: () => DATE_SENTENCE,
  date_on_sale_to: (reason) => (/before/.test(reason) ? __('The sale must end on or after the day it starts.') : DATE_SENTENCE),
  stock_quantity: () => __('Enter a whole number of items, such as 12.'),
  categories: (reason) => (/no category has/.test(reason) ? __('A chosen category no longer exists: reload the page and choose again.') : null),
  brands: (reason) => (/one brand/.test(reason) ? __('Choose one brand.') : null),
  weight: () => __('Enter the weight in kilograms, such as 1.25, with a dot before any decimals.'),
  'dimensions.length': () => __('Enter the length in centimetres, such as 30 or 12.5.'),
  'dimensions.width': () => __('Enter the width in centimetres, such as 30 or 12.5.'),
  'dimensions.height': () => __('Enter the height in centimetres, such as 30 or 12.5.'),
  'meta_data.delivery_time': () => __('Write the delivery time on one line, such as \u201c2\u20133 working days\u201d.'),
  'meta_data.unit_price_unit': (reason) => (/must be given with/.test(reason) ? __('Choose the unit the pack\u2019s quantity is counted in.') : __('Choose one of the units offered.')),
  'meta_data.unit_price_quantity': (reason) =>
    /must be given with/.test(reason) ? __('Enter how much of the unit the pack holds, such as 0.5 for 500 g counted in kg.') : __('Enter a number above 0, such as 0.5, with a dot before any decimals.'),
  'meta_data.gpsr_manufacturer_contact': () => CONTACT_SENTENCE,
  'meta_data.gpsr_responsible_contact': () => CONTACT_SENTENCE,
  'meta_data.gpsr_documents': (reason) => {
    const line = /line (\d+)/.exec(reason)?.[1];
    return line
      ? sprintf(__('Line %s: write each document as a title, a bar and its web address, such as \u201cManual | https://example.com/manual.pdf\u201d.'), line)
      : null;
  },
  image: () => __('Choose an image from the media library.'),
  images: () => __('Choose the images from the media library.'),
};

/** The field a reason is shown beside: a date's `_gmt` twin beside the date. */
const fieldOf = (param: string) => param.replace(/_gmt$/, '');

/** A label inside a sentence: lower case, but for an abbreviation such as SKU. */
const inSentence = (label: string) => (label === label.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1));

const FIELD_NAMES = new RegExp(`\\b(${Object.keys(LABELS).sort((a, b) => b.length - a.length).map((name) => name.replace('.', '\\.')).join('|')})(?:_gmt)?\\b`, 'g');

/** The server's words with each field name in them replaced by its label, and a capital first letter. */
function withLabels(reason: string): string {
  const text = reason.replace(FIELD_NAMES, (name) => inSentence(LABELS[fieldOf(name)]!));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * @example productFieldSentences({ sale_price: 'sale_price (12.00) must be lower than regular_price (10.00).' })
 *   // { sale_price: 'The sale price must be lower than the regular price.' }
 */
export function productFieldSentences(params: Record<string, string>): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const [param, reason] of Object.entries(params)) {
    const field = fieldOf(param);
    sentences[field] ??= SENTENCES[field]?.(reason) ?? withLabels(reason);
  }
  return sentences;
}

/** The error of a refused product write with its fields in the manager's words (a taken SKU under `sku`). */
export function inManagerWords(error: RestRequestError): RestRequestError {
  const fields = productFieldSentences(error.fields);
  if (error.code === 'product_invalid_sku') fields.sku = __('Another product or variation already has this SKU. Each SKU must be unique.');
  return new RestRequestError(error.message, error.code, error.status, fields);
}
