/**
 * Tax rates and classes in `wc/v3`'s shapes, and the changes the routes make to them: every field of a write is
 * checked before anything changes, and all problems are named in one 400 (`rest_invalid_param`).
 */
import { isCountryCode } from '../../client/api/countries.js';
import {
  STANDARD_TAX_CLASS,
  type TaxClass,
  type TaxData,
  type TaxRate,
  type WcTaxRate,
} from '../../client/api/taxes.js';
import type { ArgSchemas } from '../rest/args.js';
import { invalidParams, RestError } from '../rest/errors.js';

export const wcTaxRate = (rate: TaxRate): WcTaxRate => ({
  id: rate.id,
  country: rate.country,
  state: rate.state,
  postcode: rate.postcodes[0] ?? '',
  city: rate.cities[0] ?? '',
  postcodes: rate.postcodes,
  cities: rate.cities,
  rate: rate.rate,
  name: rate.name,
  priority: rate.priority,
  compound: rate.compound,
  shipping: rate.shipping,
  order: rate.order,
  class: rate.class,
});

export const wcTaxClass = (taxClass: TaxClass): TaxClass => ({ slug: taxClass.slug, name: taxClass.name });

export const invalidTaxRateId = () => new RestError('woocommerce_rest_invalid_id', 'Invalid resource ID.', 404);
export const invalidTaxClassSlug = () => new RestError('woocommerce_rest_tax_class_invalid_slug', 'Invalid slug.', 404);
export const taxClassExists = () =>
  new RestError('woocommerce_rest_tax_class_exists', 'Tax class already exists.', 400);
export const taxTrashNotSupported = () =>
  new RestError('woocommerce_rest_trash_not_supported', 'Taxes do not support trashing.', 501);

/** The body fields of a rate's create and update, as WooCommerce declares them. */
export const TAX_RATE_ARGS = {
  country: { type: 'string', description: 'Country ISO 3166 code.', maxLength: 2 },
  state: { type: 'string', description: 'State code.', maxLength: 50 },
  postcode: { type: 'string', description: 'Postcode/ZIP, deprecated as of WooCommerce 5.3.', maxLength: 20 },
  city: { type: 'string', description: 'City name, deprecated as of WooCommerce 5.3.', maxLength: 100 },
  postcodes: {
    type: 'array',
    description: 'List of postcodes / ZIPs.',
    items: { type: 'string', maxLength: 20 },
    maxItems: 500,
  },
  cities: {
    type: 'array',
    description: 'List of city names.',
    items: { type: 'string', maxLength: 100 },
    maxItems: 500,
  },
  rate: { type: 'string', description: 'Tax rate.', maxLength: 20 },
  name: { type: 'string', description: 'Tax rate name.', maxLength: 200 },
  priority: { type: 'integer', description: 'Tax priority.', minimum: 0, maximum: 1000 },
  compound: { type: 'boolean', description: 'Whether or not this is a compound rate.' },
  shipping: { type: 'boolean', description: 'Whether or not this tax rate also gets applied to shipping.' },
  order: { type: 'integer', description: 'Indicates the order that will appear in queries.', minimum: 0 },
  class: { type: 'string', description: 'Tax class.', maxLength: 200 },
} as const satisfies ArgSchemas;

type RateFields = Partial<{
  country: string;
  state: string;
  postcode: string;
  city: string;
  postcodes: unknown[];
  cities: unknown[];
  rate: string;
  name: string;
  priority: number;
  compound: boolean;
  shipping: boolean;
  order: number;
  class: string;
}>;

const RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;
const POSTCODE_PATTERN = /^[A-Z0-9*][A-Z0-9 *-]{0,19}$/;

/** `fields` checked against what the shop has; applied onto `current`. Throws one 400 naming every bad field. */
function rateOf(fields: RateFields, current: TaxRate, classes: readonly TaxClass[]): TaxRate {
  const problems: Record<string, string> = {};
  const next: TaxRate = { ...current };
  if (fields.country !== undefined) {
    const country = fields.country.trim().toUpperCase();
    if (country !== '' && !isCountryCode(country))
      problems.country = 'country must be an ISO 3166-1 alpha-2 code such as PL, or empty for every country.';
    next.country = country;
  }
  if (fields.state !== undefined) next.state = fields.state.trim().toUpperCase();
  const postcodes = fields.postcodes ?? (fields.postcode !== undefined ? [fields.postcode] : undefined);
  if (postcodes !== undefined) {
    const cleaned = postcodes.map((code) => String(code).trim().toUpperCase()).filter((code) => code !== '');
    if (cleaned.some((code) => !POSTCODE_PATTERN.test(code)))
      problems.postcodes = 'postcodes must be postcodes or patterns such as 00-950 or 00-*.';
    next.postcodes = cleaned;
  }
  const cities = fields.cities ?? (fields.city !== undefined ? [fields.city] : undefined);
  if (cities !== undefined) next.cities = cities.map((city) => String(city).trim()).filter((city) => city !== '');
  if (fields.rate !== undefined) {
    const text = fields.rate.trim();
    if (!RATE_PATTERN.test(text) || Number(text) > 100)
      problems.rate = 'rate must be a percent from 0 to 100 with at most four decimals, such as "23" or "7.5".';
    else next.rate = Number(text).toFixed(4);
  }
  if (fields.name !== undefined) next.name = fields.name.trim();
  if (fields.priority !== undefined) next.priority = fields.priority;
  if (fields.compound !== undefined) next.compound = fields.compound;
  if (fields.shipping !== undefined) next.shipping = fields.shipping;
  if (fields.order !== undefined) next.order = fields.order;
  if (fields.class !== undefined) {
    const slug = fields.class.trim() === '' ? STANDARD_TAX_CLASS : fields.class.trim();
    if (!classes.some((taxClass) => taxClass.slug === slug))
      problems.class = `class is not one of ${classes.map((taxClass) => taxClass.slug).join(', ')}.`;
    next.class = slug;
  }
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return next;
}

/** Adds a rate; WooCommerce's defaults for what is not given. Throws before changing anything. */
export function createTaxRate(taxes: TaxData, fields: RateFields): TaxRate {
  const blank: TaxRate = {
    id: taxes.last_rate_id + 1,
    country: '',
    state: '',
    postcodes: [],
    cities: [],
    rate: '0.0000',
    name: '',
    priority: 1,
    compound: false,
    shipping: true,
    order: taxes.rates.length,
    class: STANDARD_TAX_CLASS,
  };
  const rate = rateOf(fields, blank, taxes.classes);
  taxes.rates.push(rate);
  taxes.last_rate_id = rate.id;
  return rate;
}

export function updateTaxRate(taxes: TaxData, id: number, fields: RateFields): TaxRate {
  const index = taxes.rates.findIndex((rate) => rate.id === id);
  if (index < 0) throw invalidTaxRateId();
  const rate = rateOf(fields, taxes.rates[index], taxes.classes);
  taxes.rates[index] = rate;
  return rate;
}

export function deleteTaxRate(taxes: TaxData, id: number, force: boolean): TaxRate {
  const index = taxes.rates.findIndex((rate) => rate.id === id);
  if (index < 0) throw invalidTaxRateId();
  if (!force) throw taxTrashNotSupported();
  const [rate] = taxes.rates.splice(index, 1);
  return rate;
}

/** WordPress's `sanitize_title` for the slugs a class name gives: lowercase ASCII words joined by hyphens. */
export const classSlugOf = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function createTaxClass(taxes: TaxData, name: string): TaxClass {
  const trimmed = name.trim();
  const slug = classSlugOf(trimmed);
  if (slug === '') throw invalidParams({ name: 'name must contain a letter or a digit.' });
  if (taxes.classes.some((taxClass) => taxClass.slug === slug || taxClass.name === trimmed)) throw taxClassExists();
  const taxClass = { slug, name: trimmed };
  taxes.classes.push(taxClass);
  return taxClass;
}

/** Deletes a class and its rates, as WooCommerce does; the standard class cannot go. */
export function deleteTaxClass(taxes: TaxData, slug: string, force: boolean): TaxClass {
  const index = taxes.classes.findIndex((taxClass) => taxClass.slug === slug);
  if (index < 0) throw invalidTaxClassSlug();
  if (!force) throw taxTrashNotSupported();
  if (slug === STANDARD_TAX_CLASS)
    throw new RestError('woocommerce_rest_invalid_tax_class', 'The standard tax class cannot be deleted.', 400);
  const [taxClass] = taxes.classes.splice(index, 1);
  taxes.rates = taxes.rates.filter((rate) => rate.class !== slug);
  return taxClass;
}

/** The list's order, as WooCommerce sorts it (`orderby` order, id or priority). */
export function sortedRates(rates: readonly TaxRate[], orderby: 'order' | 'id' | 'priority', desc: boolean): TaxRate[] {
  const sign = desc ? -1 : 1;
  return [...rates].sort((a, b) => sign * (a[orderby] - b[orderby] || a.id - b.id));
}
