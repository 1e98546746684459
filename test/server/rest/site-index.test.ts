// The REST index reports the shop's time zone and its current offset, with a fixed clock in winter
// and in summer (Europe/Warsaw is UTC+1 in winter, UTC+2 in summer), as WordPress's `timezone_string` and `gmt_offset`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../server/config.js';
import { RestRegistry } from '../../../server/rest/registry.js';
import { siteIndex } from '../../../server/rest/discovery.js';
import { gmtOffset } from '../../../server/store/local-time.js';

describe('the REST index: time zone', () => {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  const site = { name: 'Sklep', timezone: 'Europe/Warsaw' };

  it('gives the time zone and its offset in winter (+1) and in summer (+2)', () => {
    const winter = siteIndex(new RestRegistry(), config, site, new Date('2026-01-15T12:00:00Z'));
    assert.equal(winter.timezone_string, 'Europe/Warsaw');
    assert.equal(winter.gmt_offset, 1);
    const summer = siteIndex(new RestRegistry(), config, site, new Date('2026-07-15T12:00:00Z'));
    assert.equal(summer.gmt_offset, 2);
  });

  it('follows the clock change to the hour, and zones with half hours or west of Greenwich', () => {
    assert.equal(gmtOffset('Europe/Warsaw', new Date('2026-03-29T00:59:59Z')), 1);
    assert.equal(gmtOffset('Europe/Warsaw', new Date('2026-03-29T01:00:00Z')), 2);
    assert.equal(gmtOffset('Asia/Kolkata', new Date('2026-01-15T12:00:00Z')), 5.5);
    assert.equal(gmtOffset('America/New_York', new Date('2026-01-15T12:00:00Z')), -5);
    assert.equal(gmtOffset('UTC', new Date('2026-07-15T12:00:00Z')), 0);
  });
});
