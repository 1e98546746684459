// Conformance: `store.site` and the change notifications between two instances.
import assert from 'node:assert/strict';
import { defaultTaxes } from '../../../../server/store/tax-defaults.js';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { nextId } from '../../../../server/store/next-id.js';
import type { SiteData } from '../../../../server/store/schema.js';
import { defaultSettings } from '../../../../server/store/settings-schema.js';
import { assertNewSite, OpenedData, page, recordChanges, type FreshLocation } from './fixtures.js';

/** A shipping zone: kept beside the settings, on every store. */
const ZONE: SiteData['shipping_zones'][number] = {
  id: 1,
  name: 'Polska',
  countries: ['PL'],
  methods: [
    { id: 1, type: 'flat_rate', title: 'Kurier', cost: 14.99, min_amount: 0 },
    { id: 2, type: 'free_shipping', title: 'Darmowa', cost: 0, min_amount: 200 },
  ],
};

export function describeSiteContract(freshLocation: FreshLocation): void {
  describe('site', () => {
    let data: OpenedData;
    beforeEach(async () => {
      data = new OpenedData(await freshLocation());
    });
    afterEach(() => data.dispose());

    it('opens with the defaults: a generated secret, settings for every group, no pages or checkboxes', async () => {
      const store = await data.open();
      const site = store.site.data;
      assertNewSite(site);
      const reopened = await data.reopen(store);
      assert.equal(reopened.site.data.secret, site.secret, 'the secret is generated once and kept');
      const other = new OpenedData(await freshLocation());
      try {
        assert.notEqual((await other.open()).site.data.secret, site.secret, 'each new store gets its own secret');
      } finally {
        await other.dispose();
      }
    });

    it('update returns what the change returned, and the change is in data and survives a reopen', async () => {
      const store = await data.open();
      const secret = store.site.data.secret;
      const returned = await store.site.update((draft) => {
        draft.pages.push(page(nextId(draft, 'page'), 'terms'));
        draft.settings.general.shop_name = 'Sklep Żółw';
        draft.settings.storefront.low_stock_threshold = 9;
        // `reviewed`: the setup's confirmed steps (server/compliance/setup/setup-status.ts), kept in the wizard record.
        draft.wizard = {
          completed: true,
          completed_at: '2026-01-05T06:07:08.000Z',
          steps: { shop: true },
          reviewed: { checkboxes: '2026-01-05T06:00:00.000Z' },
        };
        draft.facet_config = { facets: [{ name: 'brand', type: 'checkbox' }] };
        draft.shipping_zones = [ZONE];
        draft.taxes.classes.push({ slug: 'books', name: 'Książki' });
        draft.taxes.rates[0]!.postcodes = ['00-*'];
        draft.taxes.last_rate_id = 9;
        return { answer: 42 };
      });
      assert.deepEqual(returned, { answer: 42 });
      const settings = defaultSettings();
      settings.general.shop_name = 'Sklep Żółw';
      settings.storefront.low_stock_threshold = 9;
      const expected: SiteData = {
        secret,
        settings,
        pages: [page(1, 'terms')],
        checkboxes: [],
        wizard: {
          completed: true,
          completed_at: '2026-01-05T06:07:08.000Z',
          steps: { shop: true },
          reviewed: { checkboxes: '2026-01-05T06:00:00.000Z' },
        },
        facet_config: { facets: [{ name: 'brand', type: 'checkbox' }] },
        shipping_zones: [ZONE],
        taxes: (() => {
          const taxes = defaultTaxes();
          taxes.classes.push({ slug: 'books', name: 'Książki' });
          taxes.rates[0]!.postcodes = ['00-*'];
          taxes.last_rate_id = 9;
          return taxes;
        })(),
        last_ids: { page: 1, checkbox: 0 },
      };
      assert.deepEqual(store.site.data, expected);
      assert.deepEqual((await data.reopen(store)).site.data, expected);
    });

    it("keeps the admin's page fields (trash status, menu flag and order) and restores a trashed page", async () => {
      const store = await data.open();
      await store.site.update((draft) => {
        draft.pages.push({ ...page(nextId(draft, 'page'), 'in-menu'), show_in_menu: true, menu_order: -3 });
        draft.pages.push({ ...page(nextId(draft, 'page'), 'binned'), status: 'trash', menu_order: 7 });
      });
      const expected = [
        { ...page(1, 'in-menu'), show_in_menu: true, menu_order: -3 },
        { ...page(2, 'binned'), status: 'trash', menu_order: 7 },
      ];
      assert.deepEqual(store.site.data.pages, expected);
      const reopened = await data.reopen(store);
      assert.deepEqual(reopened.site.data.pages, expected);
      await reopened.site.update((draft) => {
        draft.pages[1]!.status = 'draft';
        draft.pages[0]!.show_in_menu = false;
      });
      assert.deepEqual(
        (await data.reopen(reopened)).site.data.pages.map((p) => [p.status, p.show_in_menu]),
        [
          ['publish', false],
          ['draft', false],
        ],
      );
    });

    it('a change that throws rejects with its error, stores nothing and leaves data unchanged', async () => {
      const store = await data.open();
      await store.site.update((draft) => {
        draft.pages.push(page(nextId(draft, 'page'), 'kept'));
      });
      const before = structuredClone(store.site.data);
      const refusal = new Error('refused by the change');
      await assert.rejects(
        store.site.update((draft) => {
          draft.pages.push(page(nextId(draft, 'page'), 'lost'));
          draft.pages[0]!.title = 'Changed in place';
          draft.settings.general.shop_name = 'Lost';
          throw refusal;
        }),
        (error) => error === refusal,
      );
      assert.deepEqual(store.site.data, before);
      assert.deepEqual((await data.reopen(store)).site.data, before);
    });

    it('ids from nextId are never reused, also after a delete and a reopen', async () => {
      let store = await data.open();
      const created = await store.site.update((draft) => {
        const ids = [nextId(draft, 'page'), nextId(draft, 'page'), nextId(draft, 'page')];
        for (const id of ids) draft.pages.push(page(id, `p${id}`));
        return ids;
      });
      assert.deepEqual(created, [1, 2, 3]);
      await store.site.update((draft) => {
        draft.pages = draft.pages.filter((p) => p.id !== 3 && p.id !== 2);
      });
      const afterDelete = await store.site.update((draft) => {
        const id = nextId(draft, 'page');
        draft.pages.push(page(id, `p${id}`));
        return id;
      });
      store = await data.reopen(store);
      const afterReopen = await store.site.update((draft) => {
        const id = nextId(draft, 'page');
        draft.pages.push(page(id, `p${id}`));
        return [id, nextId(draft, 'checkbox')];
      });
      assert.deepEqual([afterDelete, ...afterReopen], [4, 5, 1], 'pages go on from 3; checkboxes count on their own');
      assert.deepEqual(
        store.site.data.pages.map((p) => p.id),
        [1, 4, 5],
      );
      assert.deepEqual(store.site.data.last_ids, { page: 5, checkbox: 1 });
    });

    it("an update through one instance is seen by another after refresh(), which hears onChange('site')", async () => {
      const a = await data.open();
      const b = await data.open();
      const heardByB = recordChanges(b);
      const heardByA = recordChanges(a);
      await a.site.update((draft) => {
        draft.settings.general.shop_name = 'From A';
        draft.pages.push(page(nextId(draft, 'page'), 'from-a'));
      });
      await b.refresh();
      assert.equal(b.site.data.settings.general.shop_name, 'From A');
      assert.deepEqual(b.site.data, a.site.data);
      assert.ok(heardByB.changes.includes('site'), `b heard ${JSON.stringify(heardByB.changes)}`);
      // b now builds on a's change: its own page gets the next id, and a sees both after its refresh.
      await b.site.update((draft) => {
        draft.pages.push(page(nextId(draft, 'page'), 'from-b'));
      });
      await a.refresh();
      assert.deepEqual(
        a.site.data.pages.map((p) => [p.id, p.slug]),
        [
          [1, 'from-a'],
          [2, 'from-b'],
        ],
      );
      assert.ok(heardByA.changes.includes('site'), `a heard ${JSON.stringify(heardByA.changes)}`);
      heardByA.stop();
      heardByB.stop();
    });

    it('an instance does not report its own writes, nor a refresh when nothing changed, as changes', async () => {
      const a = await data.open();
      const b = await data.open();
      await a.site.update((draft) => {
        draft.wizard.steps.first = true;
      });
      await b.refresh();
      const heardByA = recordChanges(a);
      const heardByB = recordChanges(b);
      await a.site.update((draft) => {
        draft.wizard.steps.second = true;
      });
      await a.refresh();
      assert.deepEqual(heardByA.changes, [], 'a wrote it itself');
      await b.refresh();
      await b.refresh();
      assert.deepEqual(heardByB.changes, ['site'], 'b hears the one change once');
      heardByA.stop();
      heardByB.stop();
    });
  });
}
