import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createApplicationPassword,
  matchApplicationPassword,
  usageNeedsRecording,
} from '../../../server/auth/app-passwords.js';
import { can, capabilitiesOf } from '../../../server/auth/capabilities.js';
import { createNonce, verifyNonce } from '../../../server/auth/nonces.js';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords.js';

const HOUR = 3_600_000;
const subject = { userId: 7, sessionKey: 'session-hash' };

describe('nonces', () => {
  it('stay valid for the current and the previous 12-hour tick, and no longer', () => {
    const madeAt = Date.UTC(2026, 0, 1, 1);
    const nonce = createNonce('secret', subject, 'wp_rest', madeAt);
    assert.ok(verifyNonce('secret', nonce, subject, 'wp_rest', madeAt + 11 * HOUR));
    assert.ok(verifyNonce('secret', nonce, subject, 'wp_rest', madeAt + 23 * HOUR));
    assert.ok(!verifyNonce('secret', nonce, subject, 'wp_rest', madeAt + 25 * HOUR));
  });

  it('are bound to the secret, the user, the session and the action', () => {
    const nonce = createNonce('secret', subject);
    assert.ok(verifyNonce('secret', nonce, subject));
    assert.ok(!verifyNonce('other secret', nonce, subject));
    assert.ok(!verifyNonce('secret', nonce, { ...subject, userId: 8 }));
    assert.ok(!verifyNonce('secret', nonce, { ...subject, sessionKey: 'another' }));
    assert.ok(!verifyNonce('secret', nonce, subject, 'other_action'));
  });
});

describe('application passwords', () => {
  it('are 24 alphanumerics in six groups of four, matched with or without spaces', () => {
    const { plain, record } = createApplicationPassword('ci');
    assert.match(plain, /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    assert.equal(matchApplicationPassword(plain, [record]), record);
    assert.equal(matchApplicationPassword(plain.replaceAll(' ', ''), [record]), record);
    assert.equal(matchApplicationPassword(plain.replaceAll(' ', '-'), [record]), record);
    assert.equal(matchApplicationPassword(plain.slice(0, -1) + (plain.endsWith('a') ? 'b' : 'a'), [record]), undefined);
  });

  it('record their use at most once a day per address', () => {
    const { record } = createApplicationPassword('ci');
    const now = new Date('2026-05-01T10:00:00Z');
    assert.ok(usageNeedsRecording(record, '10.0.0.1', now));
    record.last_used = now.toISOString();
    record.last_ip = '10.0.0.1';
    assert.ok(!usageNeedsRecording(record, '10.0.0.1', new Date('2026-05-01T23:00:00Z')));
    assert.ok(usageNeedsRecording(record, '10.0.0.1', new Date('2026-05-02T00:00:01Z')));
    assert.ok(usageNeedsRecording(record, '10.0.0.2', now));
  });
});

describe('login passwords', () => {
  it('verify only the right password, with a salted scrypt hash', async () => {
    const stored = await hashPassword('correct horse');
    assert.match(stored, /^scrypt\$16384\$8\$1\$/);
    assert.notEqual(stored, await hashPassword('correct horse'), 'each hash has its own salt');
    assert.ok(await verifyPassword('correct horse', stored));
    assert.ok(!(await verifyPassword('correct horse!', stored)));
    assert.ok(!(await verifyPassword('anything', 'not-a-hash')));
  });
});

describe('capabilities', () => {
  it('follow the roles of docs/architecture.md', () => {
    assert.deepEqual(capabilitiesOf(['administrator']), ['manage_shop', 'manage_options', 'edit_pages', 'read']);
    assert.deepEqual(capabilitiesOf(['shop_manager']), ['manage_shop', 'edit_pages', 'read']);
    assert.deepEqual(capabilitiesOf(['editor']), ['edit_pages', 'read']);
    assert.deepEqual(capabilitiesOf(['customer']), ['read']);
    assert.ok(!can(['editor'], 'manage_shop'));
  });
});
