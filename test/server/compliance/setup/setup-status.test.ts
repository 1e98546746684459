// A truthful setup. Each step is done only when its result exists (company data filled in, the
// legal pages published, the checkboxes reviewed, the compliance settings saved), the setup is complete only then,
// and shoppers are never asked to accept a legal page they cannot read: a checkbox whose page is missing or a draft is
// left out of the form, and GET /setup names it for the dashboard's warning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fetchJson, useTestServer } from '../../support/test-server.js';

const suite = useTestServer();
const rest = (path: string, init: Parameters<typeof fetchJson>[1] = {}) =>
  fetchJson(suite.server.restUrl(path), { ...init, headers: { authorization: suite.manager, ...init.headers } });
const setup = async () => (await rest('/compliance/v1/setup')).body;
const contactForm = async () => (await fetch(`${suite.server.url}/contact`)).text();
const privacyBox = () =>
  suite.server.store.site.data.checkboxes.find((box) => box.location === 'contact' && box.required)!;

describe('GET /compliance/v1/setup', () => {
  it('says a new shop is not set up: no legal pages, checkboxes not reviewed, compliance not saved; its company data is filled in', async () => {
    const status = await setup();
    assert.equal(status.complete, false);
    assert.deepEqual(status.steps.company_info, { done: true, missing: [] });
    assert.equal(status.steps.legal_pages.done, false);
    assert.equal(status.steps.legal_pages.missing.length, 4);
    assert.match(status.steps.legal_pages.missing[0], /Terms and Conditions page does not exist/);
    assert.equal(status.steps.checkboxes.done, false);
    assert.match(status.steps.checkboxes.missing[0], /not been reviewed/);
    assert.equal(status.steps.compliance.done, false);
    const required = suite.server.store.site.data.checkboxes.filter((box) => box.enabled && box.required);
    assert.deepEqual(
      status.unreadable_checkboxes.map((box: { id: number }) => box.id).sort(),
      required.map((box) => box.id).sort(),
    );
    assert.ok(status.unreadable_checkboxes.every((box: { page: string }) => box.page === 'missing'));
  });

  it('while the legal page is missing, the form does not ask for the checkbox', async () => {
    const html = await contactForm();
    assert.ok(!html.includes(privacyBox().label), 'the consent text is not shown');
    assert.doesNotMatch(html, new RegExp(`name="legal_${privacyBox().id}"`));
  });

  it('generated drafts are not published pages: still no checkbox, and the legal pages step is not done', async () => {
    assert.equal((await rest('/compliance/v1/legal-pages/generate', { method: 'POST' })).status, 201);
    const status = await setup();
    assert.equal(status.steps.legal_pages.done, false);
    assert.match(status.steps.legal_pages.missing.join(' '), /Privacy Policy page is not published/);
    assert.ok(
      status.unreadable_checkboxes.some(
        (box: { id: number; page: string }) => box.id === privacyBox().id && box.page === 'unpublished',
      ),
    );
    assert.ok(!(await contactForm()).includes(privacyBox().label));
  });

  it('published pages make the legal pages step done and link the checkbox to its page', async () => {
    const pages = suite.server.store.site.data.pages.filter((page) => page.legal_type);
    for (const page of pages) {
      const answer = await rest(`/wp/v2/pages/${page.id}`, { method: 'POST', json: { status: 'publish' } });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
    }
    const status = await setup();
    assert.deepEqual(status.steps.legal_pages, { done: true, missing: [] });
    assert.deepEqual(status.unreadable_checkboxes, []);
    const privacy = pages.find((page) => page.legal_type === 'privacy')!;
    assert.match(
      await contactForm(),
      new RegExp(`<label for="legal_${privacyBox().id}">(?:(?!</label>)[^])*<a href="/${privacy.slug}"`),
    );
  });

  it('is complete only once the checkboxes are reviewed and the compliance settings saved', async () => {
    assert.equal(
      (await rest('/compliance/v1/setup/reviewed', { method: 'POST', json: { step: 'checkboxes' } })).body.steps
        .checkboxes.done,
      true,
    );
    assert.equal((await setup()).complete, false, 'the compliance settings were never saved');
    // Saving the group unchanged is the manager's review of it.
    const saved = await rest('/compliance/v1/settings/compliance', { method: 'POST', json: {} });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.updated, false);
    const status = await setup();
    assert.deepEqual(status.steps.compliance, { done: true, missing: [] });
    assert.equal(status.complete, true);
    // Recording the wizard's completion keeps the reviews.
    await rest('/compliance/v1/wizard/complete', { method: 'POST', json: { steps_completed: ['checkboxes'] } });
    assert.equal((await setup()).complete, true);
  });

  it('undoes a step when its result goes: an emptied company name, an unpublished page', async () => {
    await rest('/compliance/v1/settings/general', { method: 'POST', json: { company_name: '' } });
    const terms = suite.server.store.site.data.pages.find((page) => page.legal_type === 'terms')!;
    await rest(`/wp/v2/pages/${terms.id}`, { method: 'POST', json: { status: 'draft' } });
    const status = await setup();
    assert.equal(status.complete, false);
    assert.deepEqual(status.steps.company_info, { done: false, missing: ['Company name is empty.'] });
    assert.deepEqual(status.steps.legal_pages.missing, ['The Terms and Conditions page is not published.']);
    assert.equal(status.steps.checkboxes.done, false, 'the terms checkbox at checkout now refers to a draft');
  });

  it('refuses to record a step that is done by what it makes, or an unknown one, and anyone but a manager', async () => {
    for (const step of ['company_info', 'legal_pages', 'shipping']) {
      const answer = await rest('/compliance/v1/setup/reviewed', { method: 'POST', json: { step } });
      assert.equal(answer.status, 400, step);
      assert.equal(answer.body.code, 'rest_invalid_param');
    }
    assert.equal((await fetchJson(suite.server.restUrl('/compliance/v1/setup'))).status, 401);
  });
});
