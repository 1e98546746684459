import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { InvalidInputError } from '../../../../server/errors/domain-errors.js';
import { restErrorOf } from '../../../../server/rest/errors.js';
import { MAX_SELECTED_PER_FACET, parseFilterRequest } from '../../../../server/facets/filter/filter-request.js';

function problemsOf(body: unknown): Record<string, string> {
  try {
    parseFilterRequest(body);
  } catch (error) {
    assert.ok(error instanceof InvalidInputError);
    const { restError } = restErrorOf(error);
    assert.equal(restError.status, 400);
    assert.equal(restError.code, 'rest_invalid_param');
    return restError.data.params as Record<string, string>;
  }
  assert.fail('expected a 400');
}

describe('parseFilterRequest', () => {
  it('keeps string variables, unknown ones included (the codec drops them), and normalises widget attributes', () => {
    const parsed = parseFilterRequest({
      query: { sf_color: 'red,blue', utm_source: 'x', sf_size: ['m', 'l'] },
      widget: { per_page: '6', columns: 99 },
    });
    assert.deepEqual(parsed.query, { sf_color: 'red,blue', utm_source: 'x', sf_size: ['m', 'l'] });
    assert.deepEqual(parsed.widget, { per_page: 6 });
  });

  it('refuses bodies of another shape, naming the part', () => {
    assert.deepEqual(Object.keys(problemsOf(null)), ['body']);
    assert.deepEqual(Object.keys(problemsOf([])), ['body']);
    assert.deepEqual(Object.keys(problemsOf({})), ['query']);
    assert.deepEqual(Object.keys(problemsOf({ query: 'sf_color=red' })), ['query']);
    assert.deepEqual(Object.keys(problemsOf({ query: { sf_color: 5 } })), ['query.sf_color']);
    assert.deepEqual(Object.keys(problemsOf({ query: {}, widget: 'big' })), ['widget']);
  });

  it('refuses absurd requests: too many values in a facet, too long a search, too many variables', () => {
    const many = Array.from({ length: MAX_SELECTED_PER_FACET + 1 }, (_, index) => `v${index}`);
    assert.match(problemsOf({ query: { sf_brand: many.join(',') } })['query.sf_brand']!, /At most 50/);
    assert.deepEqual(
      parseFilterRequest({ query: { sf_brand: many.slice(1).join(',') } }).query.sf_brand,
      many.slice(1).join(','),
    );
    assert.match(problemsOf({ query: { sf_q: 'x'.repeat(201) } })['query.sf_q']!, /200 characters/);
    const variables = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`v${index}`, '1']));
    assert.ok(problemsOf({ query: variables }).query);
  });

  it('never throws anything but a 400 on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        try {
          parseFilterRequest(body);
        } catch (error) {
          assert.ok(error instanceof InvalidInputError && restErrorOf(error).restError.status === 400);
        }
      }),
    );
  });
});
