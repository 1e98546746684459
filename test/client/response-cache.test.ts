import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FilterResponse } from '../../client/api/facets.js';
import { ResponseCache } from '../../client/facet-filter/response-cache.js';

const answer = (found: number) => ({ found }) as unknown as FilterResponse;

describe('ResponseCache', () => {
  it('keeps the most recently stored answers up to its limit', () => {
    const cache = new ResponseCache(2);
    cache.set('a', answer(1));
    cache.set('b', answer(2));
    cache.set('a', answer(3));
    cache.set('c', answer(4));
    assert.equal(cache.get('b'), undefined, 'the least recently stored goes first');
    assert.equal(cache.get('a')?.found, 3);
    assert.equal(cache.get('c')?.found, 4);
  });
});
