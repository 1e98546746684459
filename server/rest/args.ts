/**
 * Declared route arguments: the one description that both validates requests and feeds the discovery index.
 * Coercion follows WordPress: query strings carry numbers and booleans as text, so `"5"` is a valid integer.
 */

export type ArgType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

export interface ArgSchema {
  type: ArgType;
  /** A short human name for the argument, as JSON Schema's `title` (a form's label). */
  title?: string;
  description?: string;
  required?: boolean;
  default?: unknown;
  enum?: readonly (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  /** For arrays: the schema of each item. */
  items?: ArgSchema;
  minItems?: number;
  maxItems?: number;
  /** For strings: a regular expression the value must match, written as in JSON Schema. */
  pattern?: string;
}

/** A route's declared arguments, by name. */
export type ArgSchemas = Record<string, ArgSchema>;

/**
 * The `id` of a route's path (`/…/(?P<id>[\\d]+)`): a positive integer naming one `what`.
 * @example idArg('invoice') // { id: { type: 'integer', description: "The invoice's id.", required: true, minimum: 1 } }
 */
export function idArg(what: string) {
  return {
    id: { type: 'integer', description: `The ${what}'s id.`, required: true, minimum: 1 },
  } as const satisfies ArgSchemas;
}

/** The value checkValue answers for each declared type, coercion done (`"5"` is 5, `"a,b"` is `['a', 'b']`). */
interface ValueOfType {
  string: string;
  integer: number;
  number: number;
  boolean: boolean;
  array: unknown[];
  object: Record<string, unknown>;
}

/** The type of one validated value: an enum narrows to its literals, an array with `items` to its items' type. */
export type ArgValue<S extends ArgSchema> = S extends { enum: readonly (infer E)[] }
  ? Extract<E, ValueOfType[S['type']]>
  : S extends { type: 'array'; items: infer I extends ArgSchema }
    ? ArgValue<I>[]
    : ValueOfType[S['type']];

/** Required arguments are present (or the request was refused), and so are those with a default. */
type AlwaysPresent<S> = S extends { required: true }
  ? true
  : S extends { default: infer D }
    ? undefined extends D
      ? false
      : true
    : false;

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * A handler's `params` for its declared arguments, as validateArgs answers them. Declarations keep the literals this
 * needs (`type: 'integer'`, `required: true`, enum values) when written inline or `as const satisfies ArgSchemas`.
 * @example ParamsOf<{ id: { type: 'integer'; required: true }; q: { type: 'string' } }> // { id: number; q?: string }
 */
export type ParamsOf<A extends ArgSchemas> = Flatten<
  { -readonly [K in keyof A as AlwaysPresent<A[K]> extends true ? K : never]: ArgValue<A[K]> } & {
    -readonly [K in keyof A as AlwaysPresent<A[K]> extends true ? never : K]?: ArgValue<A[K]>;
  }
>;

/**
 * `params` of an endpoint whose handler validates the body itself (bodyCheckedByHandler): only URL parameters are
 * validated here, and which arguments come from the URL is not known to the types, so every one may be absent and
 * is unchecked.
 */
export type UncheckedParams<A extends ArgSchemas> = { [K in keyof A]?: unknown };

export interface ArgsResult {
  values: Record<string, unknown>;
  missing: string[];
  /** Argument name -> message. */
  invalid: Record<string, string>;
}

function describeRange(schema: ArgSchema): string {
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    return ` from ${schema.minimum} to ${schema.maximum}`;
  if (schema.minimum !== undefined) return ` of at least ${schema.minimum}`;
  if (schema.maximum !== undefined) return ` of at most ${schema.maximum}`;
  return '';
}

type Checked = { ok: true; value: unknown } | { ok: false; message: string };

function checkNumber(name: string, raw: unknown, schema: ArgSchema): Checked {
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  const isInteger = schema.type === 'integer';
  const expected = `${name} must be ${isInteger ? 'an integer' : 'a number'}${describeRange(schema)}.`;
  if (typeof value !== 'number' || !Number.isFinite(value) || (isInteger && !Number.isInteger(value))) {
    return { ok: false, message: expected };
  }
  if (
    (schema.minimum !== undefined && value < schema.minimum) ||
    (schema.maximum !== undefined && value > schema.maximum)
  ) {
    return { ok: false, message: expected };
  }
  return { ok: true, value };
}

function checkBoolean(name: string, raw: unknown): Checked {
  if (typeof raw === 'boolean') return { ok: true, value: raw };
  if (raw === 'true' || raw === '1' || raw === 1) return { ok: true, value: true };
  if (raw === 'false' || raw === '0' || raw === 0) return { ok: true, value: false };
  return { ok: false, message: `${name} must be true or false.` };
}

function checkString(name: string, raw: unknown, schema: ArgSchema): Checked {
  if (typeof raw !== 'string') return { ok: false, message: `${name} must be a string.` };
  if (schema.minLength !== undefined && raw.length < schema.minLength) {
    return {
      ok: false,
      message:
        schema.minLength === 1
          ? `${name} must not be empty.`
          : `${name} must be at least ${schema.minLength} characters long.`,
    };
  }
  if (schema.maxLength !== undefined && raw.length > schema.maxLength) {
    return { ok: false, message: `${name} must be at most ${schema.maxLength} characters long.` };
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(raw)) {
    return { ok: false, message: `${name} does not match the pattern ${schema.pattern}.` };
  }
  return { ok: true, value: raw };
}

function checkArray(name: string, raw: unknown, schema: ArgSchema): Checked {
  // A query string can only send a comma list; WordPress accepts that for arrays too.
  const list = typeof raw === 'string' ? (raw === '' ? [] : raw.split(',')) : raw;
  if (!Array.isArray(list)) return { ok: false, message: `${name} must be an array.` };
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    return {
      ok: false,
      message:
        schema.minItems === 1 ? `${name} must not be empty.` : `${name} must have at least ${schema.minItems} items.`,
    };
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    return { ok: false, message: `${name} must have at most ${schema.maxItems} items.` };
  }
  if (!schema.items) return { ok: true, value: list };
  const values: unknown[] = [];
  for (const [index, item] of list.entries()) {
    const checked = checkValue(`${name}[${index}]`, item, schema.items);
    if (!checked.ok) return checked;
    values.push(checked.value);
  }
  return { ok: true, value: values };
}

/** Validates and coerces one value against its schema. */
export function checkValue(name: string, raw: unknown, schema: ArgSchema): Checked {
  let checked: Checked;
  switch (schema.type) {
    case 'integer':
    case 'number':
      checked = checkNumber(name, raw, schema);
      break;
    case 'boolean':
      checked = checkBoolean(name, raw);
      break;
    case 'string':
      checked = checkString(name, raw, schema);
      break;
    case 'array':
      checked = checkArray(name, raw, schema);
      break;
    case 'object':
      checked =
        raw !== null && typeof raw === 'object' && !Array.isArray(raw)
          ? { ok: true, value: raw }
          : { ok: false, message: `${name} must be an object.` };
      break;
  }
  if (checked.ok && schema.enum && !schema.enum.includes(checked.value as string | number)) {
    return { ok: false, message: `${name} is not one of ${schema.enum.join(', ')}.` };
  }
  return checked;
}

/**
 * Validates every declared argument found in `supplied`; absent optional ones get their default.
 * Undeclared arguments are not this function's business: routes that must reject them say so.
 */
export function validateArgs(declared: Record<string, ArgSchema>, supplied: Record<string, unknown>): ArgsResult {
  const result: ArgsResult = { values: {}, missing: [], invalid: {} };
  for (const [name, schema] of Object.entries(declared)) {
    // Own properties only: a declared `constructor` must not be "supplied" by Object.prototype.
    const raw = Object.hasOwn(supplied, name) ? supplied[name] : undefined;
    if (raw === undefined) {
      if (schema.required) result.missing.push(name);
      else if (schema.default !== undefined) result.values[name] = schema.default;
      continue;
    }
    const checked = checkValue(name, raw, schema);
    if (checked.ok) result.values[name] = checked.value;
    else result.invalid[name] = checked.message;
  }
  return result;
}
