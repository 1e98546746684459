/**
 * endpoint(): what its types promise a handler (checked by the type check, which covers this file), and that it
 * costs nothing at run time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hooks } from '../../../server/hooks/hooks.js';
import { withResponseFilter } from '../../../server/compliance/response-filter.js';
import { RestResponse, endpoint, type EndpointDefinition } from '../../../server/rest/route.js';

const ID = { id: { type: 'integer', required: true } } as const;

describe('endpoint', () => {
  it('answers the definition it was given, as it was', () => {
    const definition = { methods: ['GET' as const], permission: 'public' as const, args: ID, handler: () => null };
    assert.equal(endpoint(definition), definition);
  });

  it('types params from the args, and leaves a body-checked endpoint\'s params unknown', () => {
    endpoint({
      methods: ['GET'],
      permission: 'public',
      args: ID,
      handler: ({ params }) => {
        const id: number = params.id;
        // @ts-expect-error: `q` is not declared.
        return [id, params.q];
      },
    });
    endpoint({
      methods: ['POST'],
      permission: 'public',
      args: ID,
      bodyCheckedByHandler: true,
      // @ts-expect-error: only URL parameters are validated for such an endpoint, so `id` may be anything.
      handler: ({ params }): number => params.id,
    });
  });

  it('keeps the answer type, through a RestResponse and a response filter, so that it can be pinned', () => {
    const mixed = endpoint({
      methods: ['POST'],
      permission: 'public',
      handler: () => (Math.random() > 0.5 ? new RestResponse({ job: 'a' }, 202) : { report: 1 }),
    });
    mixed satisfies EndpointDefinition<{ job: string } | { report: number }>;
    const filtered = endpoint({
      methods: ['GET'],
      permission: 'public',
      args: ID,
      handler: withResponseFilter(new Hooks(), 'checkbox', ({ params }) => ({ id: params.id })),
    });
    filtered satisfies EndpointDefinition<{ id: number }>;
    // @ts-expect-error: the answer is not a string.
    filtered satisfies EndpointDefinition<string>;
  });
});
