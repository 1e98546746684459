// Shoppers are never asked to accept a legal page that is not published. On every storefront form
// with legal checkboxes (checkout, registration, contact), a box that refers to a legal page is left out while that
// page is a draft: not shown, not required, and the submission's consent record (the order's `consent`, the consent
// log, the statistics) holds only the boxes that were shown. Publishing the page brings the box back, required and
// linked. A box that refers to no legal page is shown all along.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { CheckboxLocation, ConsentRecord } from '../../../../server/store/schema.js';
import { publishLegalPages, setPageStatus } from '../../support/legal-pages.js';
import { fetchJson, useTestServer } from '../../support/test-server.js';
import { Visitor, type PageAnswer } from '../../support/visitor.js';
import { confirmRegistration } from '../../support/registration.js';

interface Form {
  location: CheckboxLocation;
  path: string;
  /** The status of a form accepted. */
  accepted: number;
  /** The form's own fields, different on each call (`n`). */
  fields(n: number): Record<string, string>;
  /**
   * What the shop kept of the accepted submission: the consent log rows of it, and the order's own copy at checkout.
   */
  kept(
    answer: PageAnswer,
    n: number,
  ): Promise<{ log: ConsentRecord[]; order?: { checkbox_id: number; accepted: boolean }[] }>;
}

describe('a checkbox whose legal page is not published', () => {
  const suite = useTestServer();
  /** A consent that refers to no legal page, added to each form: it must be shown whatever the pages. */
  const plainBoxes = new Map<CheckboxLocation, number>();
  let submissions = 0;

  const logOf = async (reference: string) =>
    (await suite.server.store.consent.log()).filter((record) => record.reference === reference);
  const FORMS: Form[] = [
    {
      location: 'checkout',
      path: '/checkout',
      accepted: 303,
      fields: (n) => ({
        email: `buyer${n}@example.com`,
        first_name: 'Anna',
        last_name: 'Nowak',
        street: 'Długa 1',
        postcode: '00-001',
        city: 'Warszawa',
        country: 'PL',
        phone: '',
        payment_method: 'bank_transfer',
      }),
      async kept(answer) {
        const number = /VT-\d{6}/.exec(answer.location!)![0];
        const order = (await suite.server.store.orders.findByNumber(number))!;
        return { log: await logOf(`order:${number}`), order: order.consent };
      },
    },
    {
      // The form answers "check your e-mail"; the consent is kept when the e-mailed link creates the account.
      location: 'registration',
      path: '/register',
      accepted: 200,
      fields: (n) => ({ display_name: 'Jan', email: `customer${n}@example.com`, password: 'jan-password-1' }),
      async kept(_answer, n) {
        const confirmed = await confirmRegistration(
          new Visitor(suite.server.url),
          suite.server.store,
          `customer${n}@example.com`,
        );
        assert.equal(confirmed.status, 303);
        const user = (await suite.server.store.users.findByLogin(`customer${n}@example.com`))!;
        return { log: await logOf(`user:${user.id}`) };
      },
    },
    {
      location: 'contact',
      path: '/contact',
      accepted: 200,
      fields: (n) => ({
        name: 'Ola',
        email: 'ola@example.com',
        subject: `Question ${n}`,
        message: 'Is M true to size?',
      }),
      async kept(_answer, n) {
        const message = (await suite.server.store.messages.list()).find(
          (candidate) => candidate.subject === `Question ${n}`,
        )!;
        return { log: await logOf(`message:${message.id}`) };
      },
    },
  ];

  const boxesAt = (location: CheckboxLocation) =>
    suite.server.store.site.data.checkboxes.filter((box) => box.location === location && box.enabled);
  /** The form's required box that refers to a legal page, and that page. */
  function guardedBox(location: CheckboxLocation) {
    const box = boxesAt(location).find((candidate) => candidate.required && candidate.legal_page_id !== 0)!;
    return { box, page: suite.server.store.site.data.pages.find((page) => page.id === box.legal_page_id)! };
  }
  const counters = async (id: number) =>
    (await suite.server.store.consent.counters())[String(id)] ?? { shown: 0, accepted: 0 };

  /** A new visitor on the form (with a product in the cart for the checkout). */
  async function openForm(form: Form): Promise<{ visitor: Visitor; html: string }> {
    const visitor = new Visitor(suite.server.url);
    if (form.location === 'checkout') {
      const product = suite.server.store.catalog.data.products.find(
        (candidate) => candidate.type !== 'variable' && candidate.in_stock && candidate.stock_quantity >= 5,
      )!;
      await visitor.get(`/product/${product.slug}`);
      assert.equal((await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' })).status, 303);
    }
    const page = await visitor.get(form.path);
    assert.equal(page.status, 200);
    return { visitor, html: page.html };
  }

  /** Ticks every required box the page shows (and the plain consent), nothing else. */
  function ticksFor(html: string, location: CheckboxLocation): Record<string, string> {
    const shown = boxesAt(location).filter((box) => html.includes(`name="legal_${box.id}"`));
    const ticked = shown.filter((box) => box.required || box.id === plainBoxes.get(location));
    return Object.fromEntries(ticked.map((box) => [`legal_${box.id}`, '1']));
  }

  before(async () => {
    await publishLegalPages(suite.server);
    for (const form of FORMS) {
      const added = await fetchJson(suite.server.restUrl('/compliance/v1/checkboxes'), {
        method: 'POST',
        headers: { authorization: suite.manager },
        json: {
          label: `Tell me about new products (${form.location}).`,
          location: form.location,
          required: false,
          legal_page_id: 0,
        },
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      plainBoxes.set(form.location, added.body.id);
    }
  });

  for (const form of FORMS) {
    it(`${form.location}: left out while its page is a draft, and the consent kept names only the boxes shown`, async () => {
      const { box, page } = guardedBox(form.location);
      await setPageStatus(suite.server, page.id, 'draft');
      const { visitor, html } = await openForm(form);
      assert.ok(!html.includes(`name="legal_${box.id}"`), 'the box is not on the form');
      assert.ok(!html.includes(box.label), 'nor its text');
      assert.ok(!html.includes(`href="/${page.slug}"`), 'nor a link to the draft');
      assert.match(
        html,
        new RegExp(`name="legal_${plainBoxes.get(form.location)}"`),
        'a consent without a legal page is still asked',
      );
      const shownIds = boxesAt(form.location)
        .filter((candidate) => html.includes(`name="legal_${candidate.id}"`))
        .map((candidate) => candidate.id);

      const before = await counters(box.id);
      const n = ++submissions;
      // Not ticked, because not shown: the form is accepted all the same.
      const answer = await visitor.post(form.path, { ...form.fields(n), ...ticksFor(html, form.location) });
      assert.equal(answer.status, form.accepted, answer.html.slice(0, 500));
      const { log, order } = await form.kept(answer, n);
      assert.deepEqual(
        log.map((record) => record.checkbox_id).sort(),
        [...shownIds].sort(),
        'one log row per box shown, none for the box left out',
      );
      assert.ok(
        log.every((record) => record.legal_page_id !== page.id),
        'no record names the draft',
      );
      if (order)
        assert.deepEqual(
          order.map((given) => given.checkbox_id).sort(),
          [...shownIds].sort(),
          "the order's consent holds the boxes shown",
        );
      assert.deepEqual(await counters(box.id), before, 'the box is not counted as shown');
    });

    it(`${form.location}: back, required and linked, once its page is published again`, async () => {
      const { box, page } = guardedBox(form.location);
      await setPageStatus(suite.server, page.id, 'publish');
      const { visitor, html } = await openForm(form);
      assert.match(
        html,
        new RegExp(`<input type="checkbox" id="legal_${box.id}" name="legal_${box.id}"[^>]*required`),
        'shown and required',
      );
      assert.match(
        html,
        new RegExp(`<label for="legal_${box.id}">(?:(?!</label>)[^])*<a href="/${page.slug}"`),
        'linked to its page',
      );

      const n = ++submissions;
      const ticks = ticksFor(html, form.location);
      const { [`legal_${box.id}`]: _left, ...withoutIt } = ticks;
      const refused = await visitor.post(form.path, { ...form.fields(n), ...withoutIt });
      assert.equal(refused.status, 400);
      assert.match(refused.html, new RegExp(`id="legal_${box.id}-error">Zaznacz to pole`));

      const answer = await visitor.post(form.path, { ...form.fields(n), ...ticks });
      assert.equal(answer.status, form.accepted, answer.html.slice(0, 500));
      const { log, order } = await form.kept(answer, n);
      const record = log.find((candidate) => candidate.checkbox_id === box.id);
      assert.ok(record, 'its consent is on record');
      assert.equal(record.accepted, true);
      assert.equal(record.legal_page_id, page.id);
      if (order) assert.ok(order.some((given) => given.checkbox_id === box.id && given.accepted));
    });
  }
});
