import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const suite = useTestServer();
const state = () =>
  fetchJson(suite.server.restUrl('/compliance/v1/wizard'), { headers: { authorization: suite.manager } });
const complete = (json: unknown) =>
  fetchJson(suite.server.restUrl('/compliance/v1/wizard/complete'), {
    method: 'POST',
    headers: { authorization: suite.manager },
    json,
  });

describe('GET /wizard', () => {
  it('starts not completed', async () => {
    const { status, body } = await state();
    assert.equal(status, 200);
    assert.deepEqual(body, { completed: false, completed_at: null, steps: {} });
  });
});

describe('POST /wizard/complete', () => {
  it('completes with the submitted steps mapped to true and a local completed_at', async () => {
    const { status, body } = await complete({
      steps_completed: ['company_info', 'legal_pages', 'checkboxes', 'compliance', 'company_info'],
    });
    assert.equal(status, 200);
    assert.equal(body.completed, true);
    assert.match(body.completed_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(body.steps, { company_info: true, legal_pages: true, checkboxes: true, compliance: true });
    assert.deepEqual((await state()).body, body);
  });

  it('completing again updates completed_at and the steps', async () => {
    const first = (await state()).body;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { body } = await complete({ steps_completed: ['legal_pages'] });
    assert.notEqual(body.completed_at, first.completed_at);
    assert.deepEqual(body.steps, { legal_pages: true });
  });

  it('rejects a missing, empty, non-array or unknown step list, and other fields', async () => {
    const missing = await complete({});
    assert.equal(missing.status, 400);
    assert.equal(missing.body.code, 'rest_missing_callback_param');
    assert.deepEqual(missing.body.data.params, ['steps_completed']);
    for (const steps of [[], 'company_info', ['company_info', 'shipping'], [1]]) {
      const { status, body } = await complete({ steps_completed: steps === 'company_info' ? 42 : steps });
      assert.equal(status, 400, JSON.stringify(steps));
      assert.equal(body.code, 'rest_invalid_param');
      assert.deepEqual(Object.keys(body.data.params), ['steps_completed']);
    }
    const extra = await complete({ steps_completed: ['legal_pages'], skip: true });
    assert.equal(extra.status, 400);
    assert.deepEqual(Object.keys(extra.body.data.params), ['skip']);
    assert.deepEqual((await state()).body.steps, { legal_pages: true }, 'nothing changed');
  });
});
