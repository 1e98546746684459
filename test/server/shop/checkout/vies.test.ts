// The VIES client against local stand-ins in VIES's published shape: a registered number is valid, an unknown one
// invalid; VIES's error answer, a server that never answers (cut off by the timeout) and no server at all are all
// `unreachable`, never `invalid`.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { viesChecker } from '../../../../server/shop/checkout/vies.js';
import { ViesStandIn } from '../../../support/vies-stand-in.js';

describe('viesChecker', () => {
  const vies = new ViesStandIn();
  const silent = createServer(() => {
    // Never answers: a member state's register that hangs.
  });
  let silentUrl = '';

  before(async () => {
    await vies.start();
    vies.registered.set('DE136695976', 'Beispiel GmbH');
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/check-vat-number`;
  });
  after(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
    await vies.close();
  });

  it('says valid or invalid as VIES does, sending the prefix apart from the number', async () => {
    const check = viesChecker(vies.env().VIES_API_URL!);
    assert.equal(await check('DE136695976'), 'valid');
    assert.equal(await check('DE811569869'), 'invalid');
    assert.deepEqual(vies.asked.slice(-2), ['DE136695976', 'DE811569869']);
  });

  it('says unreachable when VIES answers with its error wrappers', async () => {
    vies.down = true;
    try {
      assert.equal(await viesChecker(vies.env().VIES_API_URL!)('DE136695976'), 'unreachable');
    } finally {
      vies.down = false;
    }
  });

  it('gives up after its timeout on a VIES that does not answer, and on no server at all', async () => {
    const started = Date.now();
    assert.equal(await viesChecker(silentUrl, 200)('DE136695976'), 'unreachable');
    assert.ok(Date.now() - started < 2000, 'the order does not wait for VIES beyond the timeout');
    assert.equal(await viesChecker('http://127.0.0.1:9/check-vat-number', 200)('DE136695976'), 'unreachable');
  });
});
