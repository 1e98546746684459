// A Polish shop offering German and English writes to a customer outside any order in the customer's language,
// through a real SMTP suite.server, on both stores: the storefront language of the request that causes the message (the
// /de/ of the registration form, of the account page), else the language the account keeps (from the registration
// or the last sign-in), else the shop's. Links in those messages open in the same language. The erasure of an
// account is confirmed twice: when the customer confirms the request (with its deadline) and when the manager carries
// it out, the latter written to the address the account had, queued with the erasure itself.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { readableDay } from '../../../server/i18n/readable-date.js';
import { translator } from '../../../server/i18n/translator.js';
import { createUser } from '../../../server/auth/users.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { STORE_KINDS } from '../support/store-kinds.js';
import { requiredBoxes } from '../support/storefront-order.js';
import { fetchJson } from '../support/test-server.js';
import { useFreshMailShop } from '../support/mail-test-server.js';
import { Visitor } from '../support/visitor.js';

const de = translator('de');
const en = translator('en');
const pl = translator('pl');

/** The first link of the message's text that goes to `path` on the shop, as a path with its query. */
function linkIn(mail: ReceivedMail, path: string): string {
  const url = new RegExp(`https?://[^\\s]+${path}\\?token=[\\w%.-]+`).exec(mail.parsed.text!)?.[0];
  assert.ok(url, `the message links to ${path}: ${mail.parsed.text}`);
  return new URL(url).pathname + new URL(url).search;
}

const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('token')!;

for (const kind of STORE_KINDS) {
  describe(`messages to a customer outside an order, in their language (${kind.name})`, () => {
    const suite = useFreshMailShop(kind);
    const { smtp } = suite;
    let shop: string;
    const mailTo = (address: string, subject: string) =>
      smtp.waitFor((mail) => mail.recipients.includes(address) && mail.parsed.subject === subject);

    before(async () => {
      await suite.server.store.site.update((site) => {
        site.settings.general.locale = 'pl-PL';
        site.settings.general.storefront_languages = 'de, en';
      });
      shop = suite.server.store.site.data.settings.general.shop_name;
    });

    it('registers a customer in German: the link opens in German, the welcome is German, the account keeps it', async () => {
      const visitor = new Visitor(suite.server.url);
      await visitor.get('/de/register');
      const answer = await visitor.post('/de/register', {
        display_name: 'Jonas',
        email: 'jonas@example.com',
        password: 'jonas-password-1',
        ...requiredBoxes(suite.server, 'registration'),
      });
      assert.equal(answer.status, 200, answer.html.slice(0, 300));
      const [confirm] = await mailTo('jonas@example.com', de.t('mailRegistration.confirmSubject', { shop }));
      assert.match(String(confirm!.parsed.html), /<html lang="de">/);
      const link = linkIn(confirm!, '/register/confirm');
      assert.ok(link.startsWith('/de/register/confirm?'), `the link opens the German page: ${link}`);
      const page = await visitor.get(link);
      assert.equal(page.status, 200);
      assert.equal((await visitor.post('/de/register/confirm', { token: tokenOf(link) })).status, 303);
      const [welcome] = await mailTo('jonas@example.com', de.t('mailAccount.welcomeSubject', { shop }));
      assert.ok(welcome!.parsed.text!.includes(`${suite.server.url}/de/account`), 'its link to the account is German');
      assert.equal((await suite.server.store.users.findByLogin('jonas@example.com'))!.locale, 'de_DE');
    });

    it("writes a password reset in the language of the request, else in the account's", async () => {
      const viaGerman = new Visitor(suite.server.url);
      await viaGerman.get('/forgot-password');
      await viaGerman.post('/forgot-password', { email: 'jonas@example.com' });
      const [kept] = await mailTo('jonas@example.com', de.t('mailAccount.resetSubject', { shop }));
      assert.ok(linkIn(kept!, '/reset-password').startsWith('/de/'), 'asked at a plain address: the account’s German');

      const viaEnglish = new Visitor(suite.server.url);
      await viaEnglish.get('/en/forgot-password');
      await viaEnglish.post('/en/forgot-password', { email: 'jonas@example.com' });
      const [english] = await mailTo('jonas@example.com', en.t('mailAccount.resetSubject', { shop }));
      assert.ok(linkIn(english!, '/reset-password').startsWith('/en/'));

      await createUser(suite.server.store, {
        login: 'ola@example.com',
        email: 'ola@example.com',
        role: 'customer',
        password: 'ola-password-1',
      });
      const plain = new Visitor(suite.server.url);
      await plain.get('/forgot-password');
      await plain.post('/forgot-password', { email: 'ola@example.com' });
      const [polish] = await mailTo('ola@example.com', pl.t('mailAccount.resetSubject', { shop }));
      assert.ok(linkIn(polish!, '/reset-password').startsWith('/reset-password?'), 'no language kept: the shop’s');
    });

    it('confirms an erasure request and its carrying out in German, the last one to the address the account had', async () => {
      const jonas = new Visitor(suite.server.url);
      await jonas.get('/de/login');
      assert.equal(
        (await jonas.post('/de/login', { login: 'jonas@example.com', password: 'jonas-password-1' })).status,
        303,
      );
      await jonas.get('/de/account');
      assert.equal((await jonas.post('/de/account/erase', {})).status, 303);
      const [ask] = await mailTo('jonas@example.com', de.t('mailAccount.eraseSubject', { shop }));
      const link = linkIn(ask!, '/account/erase/confirm');
      assert.ok(link.startsWith('/de/account/erase/confirm?'));
      await jonas.get(link);
      const user = (await suite.server.store.users.findByLogin('jonas@example.com'))!;
      const { manager } = suite;
      const carryOut = () =>
        fetchJson(suite.server.restUrl(`/vitrine/v1/erasure-requests/${user.id}`), {
          method: 'POST',
          headers: { authorization: manager },
        });
      assert.equal((await carryOut()).status, 409, 'not before the customer confirmed');

      assert.equal((await jonas.post('/de/account/erase/confirm', { token: tokenOf(link) })).status, 200);
      const { due_on: dueOn } = (
        await fetchJson(suite.server.restUrl('/vitrine/v1/erasure-requests'), { headers: { authorization: manager } })
      ).body.find((request: { id: number }) => request.id === user.id);
      const [received] = await mailTo('jonas@example.com', de.t('mailAccount.erasureRequestedSubject', { shop }));
      const dueWords = readableDay(dueOn, 'de-PL');
      assert.match(dueWords, /^\d+\. [A-Z][a-zä]+ \d{4}$/, 'a German date');
      assert.ok(received!.parsed.text!.includes(dueWords), `it says by when: ${dueWords}`);

      // The manager acts from the admin: no storefront language; the account's German speaks.
      const erased = await carryOut();
      assert.equal(erased.status, 200, JSON.stringify(erased.body));
      const [done] = await mailTo('jonas@example.com', de.t('mailAccount.erasureDoneSubject', { shop }));
      assert.ok(done!.parsed.text!.includes(de.t('mailAccount.erasureDoneKept')));
      assert.equal((await suite.server.store.users.findById(user.id))!.email, `erased-${user.id}@erased.invalid`);
      assert.equal((await carryOut()).status, 409);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const doneMails = smtp.to('jonas@example.com').filter((mail) => mail.parsed.subject === done!.parsed.subject);
      assert.equal(doneMails.length, 1, 'told once, and not for the refused attempts');
    });

    it('writes to a customer who never chose a language in the shop’s, when a manager erases the account', async () => {
      const { user } = await createUser(suite.server.store, {
        login: 'marek@example.com',
        email: 'marek@example.com',
        role: 'customer',
        password: 'marek-password-1',
      });
      const { manager } = suite;
      const erased = await fetchJson(suite.server.restUrl(`/vitrine/v1/users/${user.id}/erase`), {
        method: 'POST',
        headers: { authorization: manager },
      });
      assert.equal(erased.status, 200, JSON.stringify(erased.body));
      const [done] = await mailTo('marek@example.com', pl.t('mailAccount.erasureDoneSubject', { shop }));
      assert.match(String(done!.parsed.html), /<html lang="pl">/);
    });
  });
}
