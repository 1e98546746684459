/**
 * Where the shop ships and what it costs: a country's zone, the methods it offers for a cart's goods, and the check of
 * a whole list of zones as a manager saves it (every problem named at once, by field, nothing saved unless all good).
 *
 * A country belongs to at most one zone. Free shipping is offered only from its minimum amount (as WooCommerce hides it
 * below), so the methods offered depend on the goods' subtotal.
 */
import { countryName, isCountryCode } from '../../../client/api/countries.js';
import {
  SHIPPING_METHOD_TYPES,
  type ShippingMethod,
  type ShippingMethodType,
  type ShippingZone,
} from '../../../client/api/shipping.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import { messageRef, type MessageRef } from '../../i18n/message-ref.js';
import type { ShippingLine } from '../../store/schema.js';

export const MAX_ZONES = 50;
export const MAX_METHODS_PER_ZONE = 10;
const MAX_TEXT = 100;
const MAX_AMOUNT = 1_000_000;

/** The zone that serves `country`, or undefined when the shop does not ship there. */
export function zoneForCountry(zones: readonly ShippingZone[], country: string): ShippingZone | undefined {
  return zones.find((zone) => zone.countries.includes(country));
}

/** Every country some zone serves. */
export function servedCountries(zones: readonly ShippingZone[]): string[] {
  return zones.flatMap((zone) => zone.countries);
}

/** What a method costs for goods worth `subtotal`, or null when it is not offered for them. */
export function methodCost(method: ShippingMethod, subtotal: number): number | null {
  if (method.type === 'free_shipping') return subtotal >= method.min_amount ? 0 : null;
  return method.cost;
}

export interface OfferedMethod {
  method: ShippingMethod;
  cost: number;
}

/** The methods a country's zone offers for goods worth `subtotal`, in the zone's order; none outside every zone. */
export function offeredMethods(zones: readonly ShippingZone[], country: string, subtotal: number): OfferedMethod[] {
  const zone = zoneForCountry(zones, country);
  if (!zone) return [];
  return zone.methods.flatMap((method) => {
    const cost = methodCost(method, subtotal);
    return cost === null ? [] : [{ method, cost }];
  });
}

/** The free-shipping threshold the goods have not reached yet in the country's zone, for "free from …". */
export function freeShippingThreshold(
  zones: readonly ShippingZone[],
  country: string,
  subtotal: number,
): number | null {
  const thresholds = (zoneForCountry(zones, country)?.methods ?? [])
    .filter((method) => method.type === 'free_shipping' && method.min_amount > subtotal)
    .map((method) => method.min_amount);
  return thresholds.length ? Math.min(...thresholds) : null;
}

export const shippingLineOf = ({ method, cost }: OfferedMethod): ShippingLine => ({
  method_id: method.type,
  instance_id: method.id,
  method_title: method.title,
  total: cost,
});

export type ShippingChoice = { line: ShippingLine | null; countryError?: MessageRef; methodError?: MessageRef };

/**
 * The shipping of an order to `country`: the method chosen by its id (`chosen`), or the first one offered when none was
 * chosen (as WooCommerce picks the first rate, and as the checkout form pre-selects it). A shop without zones charges
 * no shipping; a country outside every zone, or a method its zone does not offer, is an error to show by its field.
 */
export function chooseShipping(
  zones: readonly ShippingZone[],
  country: string,
  subtotal: number,
  chosen: string,
  locale: string,
): ShippingChoice {
  if (zones.length === 0) return { line: null };
  const offered = offeredMethods(zones, country, subtotal);
  if (!zoneForCountry(zones, country)) {
    const served = servedCountries(zones)
      .map((code) => countryName(code, locale))
      .join(', ');
    return {
      line: null,
      countryError: messageRef('shipping.notServed', { country: countryName(country, locale), served }),
    };
  }
  if (offered.length === 0)
    return {
      line: null,
      countryError: messageRef('shipping.noMethodForOrder', { country: countryName(country, locale) }),
    };
  if (chosen === '') return { line: shippingLineOf(offered[0]!) };
  const picked = offered.find((option) => String(option.method.id) === chosen);
  if (!picked)
    return {
      line: null,
      methodError: messageRef('shipping.chooseOffered', { country: countryName(country, locale) }),
    };
  return { line: shippingLineOf(picked) };
}

// ---- Checking a list of zones as the manager saves it ----

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT;
const cents = (amount: number) => Math.round(amount * 100) / 100;

function checkedText(value: unknown, field: string, what: string, problems: Record<string, string>): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || text.length > MAX_TEXT) problems[field] = `${what} must have 1 to ${MAX_TEXT} characters.`;
  return text;
}

function checkedId(value: unknown, field: string, seen: Set<number>, problems: Record<string, string>): number {
  if (value === undefined || value === 0) return 0;
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    problems[field] = 'An id must be a positive integer, or 0 (or left out) for a new one.';
    return 0;
  }
  if (seen.has(value as number)) problems[field] = `The id ${value} is given twice.`;
  seen.add(value as number);
  return value as number;
}

function checkedMethod(raw: unknown, at: string, ids: Set<number>, problems: Record<string, string>): ShippingMethod {
  const method = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) problems[at] = 'A method must be an object with a type, a title and its cost.';
  const type = method.type as ShippingMethodType;
  if (!(SHIPPING_METHOD_TYPES as readonly unknown[]).includes(type))
    problems[`${at}.type`] = `The type must be one of ${SHIPPING_METHOD_TYPES.join(', ')}.`;
  const title = checkedText(method.title, `${at}.title`, 'The title', problems);
  const cost = type === 'free_shipping' ? 0 : (method.cost ?? 0);
  const minAmount = type === 'free_shipping' ? (method.min_amount ?? 0) : 0;
  if (!isAmount(cost)) problems[`${at}.cost`] = `The cost must be a number from 0 to ${MAX_AMOUNT}.`;
  if (!isAmount(minAmount))
    problems[`${at}.min_amount`] = `The minimum amount must be a number from 0 to ${MAX_AMOUNT}.`;
  const id = checkedId(method.id, `${at}.id`, ids, problems);
  const taxStatus = method.tax_status ?? 'taxable';
  if (taxStatus !== 'taxable' && taxStatus !== 'none')
    problems[`${at}.tax_status`] = 'The tax status must be taxable (VAT at the goods’ rates) or none.';
  return {
    id,
    type,
    title,
    cost: isAmount(cost) ? cents(cost) : 0,
    min_amount: isAmount(minAmount) ? cents(minAmount) : 0,
    ...(taxStatus === 'none' ? { tax_status: 'none' as const } : {}),
  };
}

function checkedCountries(
  raw: unknown,
  at: string,
  zoneOf: Map<string, number>,
  index: number,
  problems: Record<string, string>,
): string[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems[at] = 'A zone needs at least one country.';
    return [];
  }
  const codes = raw.map((code) => (typeof code === 'string' ? code.trim().toUpperCase() : ''));
  const unknown = codes.filter((code) => !isCountryCode(code));
  if (unknown.length)
    problems[at] = `These are not ISO 3166 country codes: ${unknown.map((code) => code || '(empty)').join(', ')}.`;
  for (const code of new Set(codes)) {
    const other = zoneOf.get(code);
    if (other !== undefined && isCountryCode(code))
      problems[at] ??= `${code} is already in zone ${other + 1}: a country belongs to one zone.`;
    zoneOf.set(code, index);
  }
  return [...new Set(codes)];
}

/**
 * The zones as they are saved: trimmed, amounts to the cent, and a fresh id for each zone and method that has none.
 * @throws InvalidInputError naming every bad field, like `zones[1].methods[0].cost`
 */
export function checkShippingZones(input: unknown): ShippingZone[] {
  const problems: Record<string, string> = {};
  if (!Array.isArray(input) || input.length > MAX_ZONES)
    throw new InvalidInputError({ zones: `zones must be a list of at most ${MAX_ZONES} zones.` });
  const zoneIds = new Set<number>();
  const methodIds = new Set<number>();
  const zoneOf = new Map<string, number>();
  const zones = input.map((raw, index): ShippingZone => {
    const at = `zones[${index}]`;
    const zone = isRecord(raw) ? raw : {};
    if (!isRecord(raw)) problems[at] = 'A zone must be an object with a name, countries and methods.';
    const methods = Array.isArray(zone.methods) ? zone.methods : [];
    if (!Array.isArray(zone.methods) || methods.length === 0 || methods.length > MAX_METHODS_PER_ZONE) {
      problems[`${at}.methods`] = `A zone needs 1 to ${MAX_METHODS_PER_ZONE} methods.`;
    }
    return {
      id: checkedId(zone.id, `${at}.id`, zoneIds, problems),
      name: checkedText(zone.name, `${at}.name`, 'The zone name', problems),
      countries: checkedCountries(zone.countries, `${at}.countries`, zoneOf, index, problems),
      methods: methods
        .slice(0, MAX_METHODS_PER_ZONE)
        .map((method, at2) => checkedMethod(method, `${at}.methods[${at2}]`, methodIds, problems)),
    };
  });
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  let nextZone = Math.max(0, ...zoneIds);
  let nextMethod = Math.max(0, ...methodIds);
  return zones.map((zone) => ({
    ...zone,
    id: zone.id || ++nextZone,
    methods: zone.methods.map((method) => ({ ...method, id: method.id || ++nextMethod })),
  }));
}
