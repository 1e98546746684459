// A German shop mails in German: an order placed in a shop whose locale is de-DE brings the customer's confirmation
// (with the withdrawal information, the consents, the VAT and the addresses) and the shop's notification, through a
// real SMTP server, written in German from the catalogue, with no sentence of the English catalogue left in them.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readCatalogues } from '../../../server/i18n/catalogue-files.js';
import { translator } from '../../../server/i18n/translator.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { checkOut, productsInStock } from '../support/storefront-order.js';
import { Visitor } from '../support/visitor.js';

const NOTIFY = 'bestellungen@shop.example';

/**
 * The English texts of the mail's catalogue areas that German writes otherwise: each message's words between its
 * placeholders, long enough to be a phrase of its own.
 */
function englishPhrases(): string[] {
  const catalogues = readCatalogues();
  const english = catalogues.get('en')!;
  const german = catalogues.get('de')!;
  const texts = (message: unknown) => (typeof message === 'string' ? [message] : Object.values(message as object));
  const phrases = new Set<string>();
  for (const [key, message] of english) {
    if (!/^(mail\w*|vat|buyer)\./.test(key)) continue;
    const germanTexts = texts(german.get(key)).join('\n');
    for (const text of texts(message))
      for (const phrase of text.split(/%\(\w+\)[sd]/))
        if (phrase.trim().length >= 12 && !germanTexts.includes(phrase)) phrases.add(phrase.trim());
  }
  return [...phrases];
}

describe('the e-mails of a German shop', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  let number: string;

  before(async () => {
    await suite.server.store.site.update((site) => {
      site.settings.general.locale = 'de-DE';
      site.settings.general.notification_email = NOTIFY;
    });
    number = await checkOut(
      new Visitor(suite.server.url),
      suite.server,
      'jonas@example.com',
      productsInStock(suite.server, 1, 0, 2),
      'bank_transfer',
    );
  });

  const parts = (mail: ReceivedMail) => [mail.parsed.text!, String(mail.parsed.html)];

  it("writes the customer's confirmation in German, from the catalogue", async () => {
    const [confirmation] = await smtp.waitFor((mail) => mail.recipients.includes('jonas@example.com'));
    const { t } = translator('de');
    assert.equal(confirmation!.parsed.subject, t('mailOrder.subject', { number }));
    assert.match(String(confirmation!.parsed.html), /<html lang="de">/);
    const days = suite.server.store.site.data.settings.compliance.withdrawal_days;
    for (const part of parts(confirmation!)) {
      assert.ok(part.includes(t('mailWithdrawal.right', { count: days })), 'the withdrawal information');
      assert.ok(part.includes(t('mailWithdrawal.formStatement')), 'the model withdrawal form');
      assert.ok(part.includes(t('mailOrder.transferTitle')), 'how to pay');
      assert.ok(part.includes(t('mail.footerAutomatic')), 'the footer');
    }
  });

  it('leaves no sentence of the English catalogue in either message', async () => {
    const phrases = englishPhrases();
    assert.ok(phrases.length > 100, `the check knows the English texts (${phrases.length})`);
    const mails = await smtp.waitFor((mail) => mail.parsed.subject!.includes(number), 2);
    assert.deepEqual(mails.flatMap((mail) => mail.recipients).sort(), [NOTIFY, 'jonas@example.com']);
    for (const mail of mails)
      for (const part of parts(mail)) {
        const left = phrases.filter((phrase) => part.includes(phrase));
        assert.deepEqual(left, [], `English in "${mail.parsed.subject}"`);
      }
  });
});
