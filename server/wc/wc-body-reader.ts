/**
 * The reader of a `wc/v3` body's fields, as WooCommerce reads them: scalars through the same checks as declared route
 * arguments, prices as strings (numbers accepted too), sale dates in the shop's time (or `_gmt` in UTC), weights and
 * lengths, lists of objects. Every bad field is recorded in one problems map, so that one 400 names them all. Only the
 * body's own properties count. wc-product-input.ts reads products and variations with it.
 */
import { CATALOG_LIMITS } from '../catalog/catalog-limits.js';
import { parsePrice } from '../catalog/csv/woo-csv-cells.js';
import { checkValue, type ArgSchema } from '../rest/args.js';
import { fromLocalDateTime } from '../store/local-time.js';

/** The highest price accepted: far above any real one, and still exact in two decimals. */
export const MAX_PRICE = 1e9;
const MAX_LIST = 100;
/** Kilograms and centimetres: far above any parcel, and still exact in three decimals. */
const MAX_MEASURE = 1e6;

/** What is wrong with one item of a list, told apart from a value by its class. */
export class Problem {
  constructor(readonly message: string) {}
}

/** Field readers share one body, one time zone and one problems map. */
export class BodyReader {
  readonly problems: Record<string, string> = {};
  constructor(
    readonly body: Record<string, unknown>,
    readonly timeZone: string,
  ) {}

  has(field: string): boolean {
    return Object.hasOwn(this.body, field) && this.body[field] !== undefined;
  }

  /** A scalar through the same checks as declared route arguments (`"5"` is an integer, as WordPress has it). */
  scalar<T>(field: string, schema: ArgSchema): T | undefined {
    if (!this.has(field)) return undefined;
    const checked = checkValue(field, this.body[field], schema);
    if (checked.ok) return checked.value as T;
    this.problems[field] = checked.message;
    return undefined;
  }

  price(field: string): number | null | undefined {
    if (!this.has(field)) return undefined;
    const raw = this.body[field];
    const expected = `${field} must be a price such as "12.50" (a string, or a number), from 0 to ${MAX_PRICE}; "" for none.`;
    let price: number | null;
    if (typeof raw === 'number') {
      if (!Number.isFinite(raw) || raw < 0) return void (this.problems[field] = expected);
      price = Math.round(raw * 100) / 100;
    } else if (typeof raw === 'string' && raw.length <= 32) {
      try {
        price = parsePrice(raw);
      } catch (error) {
        return void (this.problems[field] = `${field}: ${(error as Error).message}. ${expected}`);
      }
    } else {
      return void (this.problems[field] = expected);
    }
    if (price !== null && price > MAX_PRICE) return void (this.problems[field] = expected);
    return price;
  }

  /**
   * A weight or a length as WooCommerce sends it (a string such as "1.25", or a number), at `path` in the body (for
   * `dimensions.length`, the value of `dimensions` is passed as `raw`); "" or null clears it.
   */
  measure(path: string, raw: unknown, unit: string): number | null | undefined {
    if (raw === undefined) return undefined;
    if (raw === null || raw === '') return null;
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' && raw.length <= 32 ? raw.trim() : '';
    const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isFinite(value) && value <= MAX_MEASURE) return Math.round(value * 1000) / 1000;
    return void (this.problems[path] =
      `${path} must be a number of ${unit} from 0 to ${MAX_MEASURE.toLocaleString('en')} with a dot before any decimals, such as "1.25"; "" for none.`);
  }

  /** WooCommerce's pair: `field` in the shop's time, `field_gmt` in UTC (which wins when both are sent). */
  saleDate(field: 'date_on_sale_from' | 'date_on_sale_to'): string | null | undefined {
    let value: string | null | undefined;
    for (const [name, zone] of [
      [field, this.timeZone],
      [`${field}_gmt`, 'UTC'],
    ] as const) {
      if (!Object.hasOwn(this.body, name) || this.body[name] === undefined) continue;
      const raw = this.body[name];
      if (raw === null || raw === '') {
        value = null;
        continue;
      }
      const instant = typeof raw === 'string' && raw.length <= 40 ? dateOf(raw, zone) : null;
      if (instant === null) this.problems[name] = `${name} must be a date such as "2026-05-01T00:00:00", or null.`;
      else value = instant;
    }
    return value;
  }

  /** A list of at most `max` objects, each read by `item`, which reports a problem by returning a {@link Problem}. */
  list<T>(
    field: string,
    item: (entry: Record<string, unknown>, index: number) => T | Problem,
    max = MAX_LIST,
  ): T[] | undefined {
    if (!this.has(field)) return undefined;
    const raw = this.body[field];
    if (!Array.isArray(raw)) return void (this.problems[field] = `${field} must be an array of objects.`);
    if (raw.length > max)
      return void (this.problems[field] = `${field} must have at most ${max} items, not ${raw.length}.`);
    const values: T[] = [];
    for (const [index, entry] of raw.entries()) {
      const read = isPlainObject(entry) ? item(entry, index) : new Problem(`${field}[${index}] must be an object.`);
      if (read instanceof Problem) return void (this.problems[field] = read.message);
      values.push(read);
    }
    return values;
  }
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const own = (entry: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(entry, key) ? entry[key] : undefined;

/** A date with an offset or `Z` is an instant; without one it is wall-clock time in `zone`. */
export function dateOf(text: string, zone: string): string | null {
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const time = Date.parse(text);
    return /^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(time) ? new Date(time).toISOString() : null;
  }
  try {
    return fromLocalDateTime(text, zone);
  } catch {
    return null;
  }
}

export const boundedText = (maxLength: number): ArgSchema => ({ type: 'string', maxLength });

/** A term name: a non-empty string within the catalog's limit (catalog-limits.ts). */
export function termName(raw: unknown, path: string, hint = ''): string | Problem {
  return typeof raw === 'string' && raw.trim() !== '' && raw.length <= CATALOG_LIMITS.term
    ? raw.trim()
    : new Problem(`${path} must be a non-empty string of at most ${CATALOG_LIMITS.term} characters.${hint}`);
}
