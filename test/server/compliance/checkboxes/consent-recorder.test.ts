import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { anonymiseIp } from '../../../../server/compliance/checkboxes/anonymise-ip.js';
import { recordFormSubmission } from '../../../../server/compliance/checkboxes/consent-recorder.js';
import { generateLegalPages } from '../../../../server/compliance/legal-pages/legal-pages.js';
import { loadConfig } from '../../../../server/config.js';
import { openStore } from '../../../../server/demo/seeded-store.js';
import type { Store } from '../../../../server/store/store.js';
import { makeTempDir } from '../../support/test-server.js';

describe('anonymiseIp', () => {
  const cases: [string, string][] = [
    ['203.0.113.77', '203.0.113.0'],
    ['10.0.0.255', '10.0.0.0'],
    ['::ffff:198.51.100.23', '198.51.100.0'],
    ['2001:db8:abcd:12::1', '2001:db8:abcd::'],
    ['2001:0db8:00ab:ffff:1:2:3:4', '2001:db8:ab::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an ip', ''],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => assert.equal(anonymiseIp(input), expected));
  }
});

describe('recordFormSubmission', () => {
  let store: Store;
  let dataDir: string;
  const consentLogPath = () => path.join(dataDir, 'consent-log.ndjson');
  before(async () => {
    dataDir = await makeTempDir();
    ({ store } = await openStore({ dataDir, databaseUrl: null }));
    // Legal pages exist, so that records carry the page and its modification time.
    await store.site.update((site) => {
      site.settings.general.legal_pages_enabled = true;
    });
    await generateLegalPages(store, loadConfig({ SITE_URL: 'http://shop.test' }), 1);
  });

  it('counts shown and accepted checkboxes and logs one record per shown checkbox', async () => {
    const records = await recordFormSubmission(store, {
      location: 'checkout',
      shownIds: [1, 2, 3],
      acceptedIds: [1, 2],
      ip: '203.0.113.77',
      time: '2026-03-01T10:00:00.000Z',
    });
    assert.deepEqual((await store.consent.counters())['1'], { shown: 1, accepted: 1 });
    assert.deepEqual((await store.consent.counters())['3'], { shown: 1, accepted: 0 });
    const terms = store.site.data.pages.find((page) => page.legal_type === 'terms')!;
    assert.deepEqual(records[0], {
      checkbox_id: 1,
      label: store.site.data.checkboxes[0]!.label,
      location: 'checkout',
      accepted: true,
      time: '2026-03-01T10:00:00.000Z',
      legal_page_id: terms.id,
      legal_page_modified_at: terms.modified_at,
      ip: '203.0.113.0',
    });
    assert.equal(records[2]!.accepted, false);
    const logged = await store.consent.log();
    assert.deepEqual(logged, records);
    assert.ok(!(await readFile(consentLogPath(), 'utf8')).includes('203.0.113.77'), 'the full IP is never stored');
  });

  it('ignores ids of other locations, unknown ids, ticks on checkboxes not shown, and repeats', async () => {
    const records = await recordFormSubmission(store, {
      location: 'registration',
      shownIds: [4, 4, 1, 999],
      acceptedIds: [4, 5],
      ip: '2001:db8:abcd:12::1',
    });
    assert.deepEqual(
      records.map((record) => [record.checkbox_id, record.accepted, record.ip]),
      [[4, true, '2001:db8:abcd::']],
    );
    const counters = await store.consent.counters();
    assert.deepEqual(counters['4'], { shown: 1, accepted: 1 });
    assert.equal(counters['5'], undefined);
    assert.deepEqual(counters['1'], { shown: 1, accepted: 1 });
  });

  it('appends to the log without rewriting it, and persists the counters', async () => {
    const before = await readFile(consentLogPath(), 'utf8');
    await recordFormSubmission(store, { location: 'contact', shownIds: [5], acceptedIds: [], ip: '198.51.100.1' });
    const afterText = await readFile(consentLogPath(), 'utf8');
    assert.ok(afterText.startsWith(before));
    assert.equal(afterText.trim().split('\n').length, before.trim().split('\n').length + 1);
    const reopened = await openStore({ dataDir, databaseUrl: null });
    assert.deepEqual((await reopened.store.consent.counters())['5'], { shown: 1, accepted: 0 });
    await reopened.store.close();
  });
});
