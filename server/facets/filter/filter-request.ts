/**
 * Checks the body of `POST /facet/v1/filter`: `{query: {sf_...: string}, widget?: {...}}`. Unknown variables are
 * ignored (filter URLs come from crawlers and old bookmarks), but a body of another shape, or one that asks for an
 * absurd amount of work, is a 400 that names what is wrong, never a slow request.
 */
import { FACET_PREFIX, MAX_QUERY_LENGTH } from '../../../client/facet-filter/query-state.js';
import {
  normalizeWidgetAttributes,
  type RawWidgetAttributes,
  type WidgetAttributes,
} from '../../../shortcodes/widget-attributes.js';
import { InvalidInputError } from '../../errors/domain-errors.js';

/** Values a shopper can select in one facet; more is not a filter anybody clicked. */
export const MAX_SELECTED_PER_FACET = 50;
const MAX_VARIABLES = 100;
const MAX_VALUE_LENGTH = 4000;

export interface FilterRequest {
  query: Record<string, string | string[]>;
  widget: WidgetAttributes;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function selectedCount(value: string | string[]): number {
  return (Array.isArray(value) ? value : [value]).reduce(
    (total, entry) => total + entry.split(',').filter(Boolean).length,
    0,
  );
}

/** @throws InvalidInputError (400 `rest_invalid_param`) with every problem named in `data.params`. */
export function parseFilterRequest(body: unknown): FilterRequest {
  if (!isRecord(body))
    throw new InvalidInputError({ body: 'The body must be a JSON object such as {"query": {"sf_color": "red"}}.' });
  const problems: Record<string, string> = {};
  const query: Record<string, string | string[]> = {};
  if (!isRecord(body.query)) {
    problems.query = 'query must be an object mapping variables such as sf_color to string values.';
  } else if (Object.keys(body.query).length > MAX_VARIABLES) {
    problems.query = `query may hold at most ${MAX_VARIABLES} variables.`;
  } else {
    for (const [name, value] of Object.entries(body.query)) {
      const isStringList = Array.isArray(value) && value.every((entry) => typeof entry === 'string');
      if (typeof value !== 'string' && !isStringList) {
        problems[`query.${name}`] = `query.${name} must be a string.`;
        continue;
      }
      const entries = value as string | string[];
      if ((Array.isArray(entries) ? entries.join(',') : entries).length > MAX_VALUE_LENGTH) {
        problems[`query.${name}`] = `query.${name} is longer than ${MAX_VALUE_LENGTH} characters.`;
      } else if (name === `${FACET_PREFIX}q` && String(entries).length > MAX_QUERY_LENGTH) {
        problems[`query.${name}`] = `The search text may be at most ${MAX_QUERY_LENGTH} characters long.`;
      } else if (name.startsWith(FACET_PREFIX) && selectedCount(entries) > MAX_SELECTED_PER_FACET) {
        problems[`query.${name}`] = `At most ${MAX_SELECTED_PER_FACET} values may be selected in one facet.`;
      } else {
        query[name] = entries;
      }
    }
  }
  if (body.widget !== undefined && !isRecord(body.widget))
    problems.widget = 'widget must be an object of widget attributes.';
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  return { query, widget: normalizeWidgetAttributes((body.widget ?? {}) as RawWidgetAttributes) };
}
