// The per-recipient limit counts one inbox however its address is spelled, and on PostgreSQL counts across instances:
// two stores on one database (two server processes) together admit no more than the limit.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { RecipientLimit, recipientKey } from '../../../server/mail/recipient-limit.js';
import { openPostgresStore } from '../../../server/store/postgres/index.js';
import type { Store } from '../../../server/store/store.js';
import { createTestDatabase } from '../../support/postgres.js';

describe('the per-recipient mail limit', () => {
  it('counts an address lower-cased, without a +tag, and for Gmail without dots', () => {
    assert.equal(recipientKey(' Victim+promo@Example.COM '), 'victim@example.com');
    assert.equal(recipientKey('V.ic.tim+1@gmail.com'), 'victim@gmail.com');
    assert.equal(recipientKey('v.ictim@googlemail.com'), 'victim@gmail.com');
    assert.equal(recipientKey('v.ictim@example.com'), 'v.ictim@example.com', 'dots matter elsewhere');
  });

  describe('on PostgreSQL', () => {
    const stores: Store[] = [];
    after(() => Promise.all(stores.map((store) => store.close())));

    it('two instances on one database admit no more than the limit together', async () => {
      const url = await createTestDatabase();
      stores.push(await openPostgresStore(url, { listen: false }));
      stores.push(await openPostgresStore(url, { listen: false }));
      const limit = stores[0]!.site.data.settings.general.mail_per_recipient_limit;
      const [first, second] = stores.map((store) => new RecipientLimit(store));
      const admitted = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 ? first! : second!).admit(index % 3 ? `shared+${index}@example.com` : 'Shared@Example.com'),
        ),
      );
      assert.equal(admitted.filter(Boolean).length, limit);
    });
  });
});
