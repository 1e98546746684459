// Each message the shop's forms and decisions cause arrives at a real SMTP server, to the right recipient,
// with both parts, in the shop's language, with the shop's footer; an SMTP outage loses nothing.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { fetchJson } from '../support/test-server.js';
import { checkOut, productsInStock, requiredBoxes } from '../support/storefront-order.js';
import { Visitor } from '../support/visitor.js';
import { outboxSettledFor, useMailTestServer } from '../support/mail-test-server.js';
import type { ReceivedMail } from '../../support/test-smtp-server.js';
import { registerThroughLink } from '../support/registration.js';

const NOTIFY = 'orders@shop.example';

describe("the messages of the shop's forms, through a real SMTP server", () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  before(async () => {
    await suite.server.store.site.update((site) => {
      site.settings.general.notification_email = NOTIFY;
      site.settings.compliance.dsa_enabled = true;
    });
  });

  const kind = (mail: ReceivedMail) => mail.parsed.headers.get('subject');
  const footerOf = (mail: ReceivedMail) => {
    const general = suite.server.store.site.data.settings.general;
    for (const part of [mail.parsed.text!, String(mail.parsed.html)]) {
      for (const expected of [general.shop_name, general.company_name, general.company_email])
        assert.ok(part.includes(String(expected)), `footer names ${expected}`);
    }
  };

  /** One unit of a simple product in stock, bought by `visitor` as `email`; answers the order's number. */
  const orderBy = (visitor: Visitor, email: string) =>
    checkOut(visitor, suite.server, email, productsInStock(suite.server, 1, 0, 2));

  async function withdraw(email: string): Promise<{ number: string; page: string }> {
    const visitor = new Visitor(suite.server.url);
    const number = await orderBy(visitor, email);
    await visitor.get('/withdraw');
    await visitor.post('/withdraw', { step: 'items', order: number, email });
    const done = await visitor.post('/withdraw', {
      step: 'confirm',
      order: number,
      email,
      reason: 'Za mały <b>rozmiar</b>',
    });
    assert.equal(done.status, 200);
    return { number, page: done.html };
  }

  it("acknowledges a withdrawal to the order's e-mail (what, when, reference) and tells the shop", async () => {
    const { number, page } = await withdraw('ewa@example.com');
    const [stored] = await suite.server.store.withdrawals.list();
    assert.match(page, /wysłaliśmy na ewa@example.com/, 'the page promises what is sent');
    const [ack] = await smtp.waitFor(
      (mail) => mail.recipients.includes('ewa@example.com') && /odstąpienie/.test(mail.parsed.subject!),
    );
    assert.equal(
      ack!.parsed.subject,
      `Otrzymaliśmy Twoje odstąpienie ${stored!.reference} (zamówienie ${number})`,
      "the shop's language (pl-PL)",
    );
    assert.equal(ack!.parsed.replyTo?.value[0]?.address, suite.server.store.site.data.settings.general.company_email);
    for (const part of [ack!.parsed.text!, String(ack!.parsed.html)]) {
      assert.ok(part.includes(stored!.reference));
      assert.ok(part.includes(number));
      assert.ok(part.includes(stored!.items[0]!.title), 'what was withdrawn');
      const received = new Intl.DateTimeFormat('pl-PL', {
        dateStyle: 'long',
        timeStyle: 'long',
        timeZone: 'Europe/Warsaw',
      }).format(new Date(stored!.received_at));
      assert.ok(part.includes(received), `the date and time of receipt (${received})`);
    }
    assert.match(String(ack!.parsed.html), /<html lang="pl">/);
    assert.ok(
      String(ack!.parsed.html).includes('Za mały &lt;b&gt;rozmiar&lt;/b&gt;'),
      'the reason is escaped in the HTML part',
    );
    assert.ok(ack!.parsed.text!.includes('> Za mały <b>rozmiar</b>'), 'and written as it was in the text part');
    assert.doesNotMatch(String(ack!.parsed.html), /<img|<script/i, 'no images, no tracking');
    footerOf(ack!);
    const [notice] = await smtp.waitFor(
      (mail) => mail.recipients.includes(NOTIFY) && /Nowe odstąpienie/.test(String(kind(mail))),
    );
    assert.equal(notice!.parsed.replyTo?.value[0]?.address, 'ewa@example.com');
  });

  it('confirms a DSA notice to its sender, tells the shop, and sends the decision with its reasons once', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/report-content');
    const sent = await visitor.post('/report-content', {
      url: `${suite.server.url}/shop`,
      explanation: 'This listing sells counterfeit goods, see the logo.',
      name: 'Nadia',
      email: 'nadia@example.com',
      good_faith: 'yes',
    });
    assert.equal(sent.status, 201);
    const [notice] = (await suite.server.store.dsaNotices.list()).slice(-1);
    const [receipt] = await smtp.waitFor((mail) => mail.recipients.includes('nadia@example.com'));
    assert.ok(receipt!.parsed.subject!.includes(notice!.reference));
    assert.ok(receipt!.parsed.text!.includes('counterfeit goods'));
    await smtp.waitFor((mail) => mail.recipients.includes(NOTIFY) && String(kind(mail)).includes(notice!.reference));
    const decide = (status: string) =>
      fetchJson(suite.server.restUrl(`/compliance/v1/dsa-notices/${notice!.id}`), {
        method: 'PUT',
        headers: { authorization: suite.manager },
        json: { status, decision_note: 'The logo is a registered trade mark of another company.' },
      });
    assert.equal((await decide('in_review')).status, 200);
    assert.equal((await decide('actioned')).status, 200);
    assert.equal((await decide('actioned')).status, 200, 'saved again');
    const [decision] = await smtp.waitFor(
      (mail) => mail.recipients.includes('nadia@example.com') && /Decyzja/.test(mail.parsed.subject!),
    );
    for (const part of [decision!.parsed.text!, String(decision!.parsed.html)]) {
      assert.ok(part.includes('registered trade mark'), 'the reasons');
      assert.ok(part.includes('Usunęliśmy'), 'what was decided');
    }
    await outboxSettledFor(suite.server.store, 'nadia@example.com');
    assert.equal(
      smtp.to('nadia@example.com').length,
      2,
      'the receipt and one decision: no message for in_review or for saving again',
    );
  });

  it('forwards a contact message to the shop with the sender as Reply-To, escaped in HTML', async () => {
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/contact');
    await visitor.post('/contact', {
      name: 'Ola',
      email: 'ola@example.com',
      subject: 'Rozmiary',
      message: '<script>alert(1)</script> Czy M jest prawdziwe?',
      ...requiredBoxes(suite.server, 'contact'),
    });
    const [mail] = await smtp.waitFor(
      (candidate) => candidate.recipients.includes(NOTIFY) && /Rozmiary/.test(candidate.parsed.subject!),
    );
    assert.equal(mail!.parsed.replyTo?.value[0]?.address, 'ola@example.com');
    assert.doesNotMatch(String(mail!.parsed.html), /<script>/);
    assert.ok(String(mail!.parsed.html).includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  });

  it('e-mails a registration its link, and welcomes the new customer once it is used', async () => {
    const visitor = new Visitor(suite.server.url);
    const answer = await registerThroughLink(visitor, suite.server.store, {
      display_name: 'Kasia',
      email: 'kasia@example.com',
      password: 'kasia-password-1',
      ...requiredBoxes(suite.server, 'registration'),
    });
    assert.equal(answer.status, 303);
    const [link] = await smtp.waitFor(
      (mail) => mail.recipients.includes('kasia@example.com') && /^Potwierdź/.test(mail.parsed.subject!),
    );
    assert.ok(
      link!.parsed.text!.includes(`${suite.server.url}/register/confirm?token=`),
      'the link that creates the account arrives first',
    );
    const [welcome] = await smtp.waitFor(
      (mail) => mail.recipients.includes('kasia@example.com') && /^Witamy/.test(mail.parsed.subject!),
    );
    assert.match(welcome!.parsed.subject!, /^Witamy w /);
    assert.ok(welcome!.parsed.text!.includes(`${suite.server.url}/account`));
  });

  it('accepts a withdrawal while the SMTP server is down, and delivers its messages once it is back', async () => {
    await smtp.stop();
    const before = Date.now();
    const { number } = await withdraw('piotr@example.com');
    const queued = (
      await suite.server.store.outbox.list({ page: 1, perPage: 10, recipient: 'piotr@example.com' })
    ).messages.filter((message) => message.kind === 'withdrawal-received');
    assert.equal(queued.length, 1, 'the acknowledgement is kept');
    let retrying = (await suite.server.store.outbox.find(queued[0]!.id))!;
    for (let tries = 0; tries < 100 && retrying.status !== 'retrying'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      retrying = (await suite.server.store.outbox.find(queued[0]!.id))!;
    }
    assert.equal(retrying.status, 'retrying', `status ${retrying.status}, answer ${retrying.last_response}`);
    await smtp.start();
    const [ack] = await smtp.waitFor(
      (mail) => mail.recipients.includes('piotr@example.com') && /odstąpienie/.test(mail.parsed.subject!),
    );
    assert.ok(ack!.parsed.subject!.includes(number));
    console.log(
      `# outage: withdrawal accepted while SMTP was down; acknowledgement delivered ${Date.now() - before} ms after the withdrawal, after ${(await suite.server.store.outbox.find(queued[0]!.id))!.attempts} attempts`,
    );
  });
});
