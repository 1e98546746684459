// The mail log in the admin: a failed message with the server's answer, filtered by status and recipient,
// opened with both parts (the HTML part in a sandboxed frame), and sent again.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { NewMessage } from '../../server/store/outbox.js';
import { managerInAdmin, violations } from './support/admin.js';
import { seriousAxeViolations } from './support/axe.js';
import { useShopInBrowser } from './support/shop-in-browser.js';
import { TestSmtpServer } from '../support/test-smtp-server.js';

// Started before the shop, whose configuration names it.
const smtp = await new TestSmtpServer().start();
smtp.refused.add('gone@example.com');
after(() => smtp.stop());

const message = (to: string, subject: string, html: string): NewMessage => ({
  kind: 'test',
  to,
  reply_to: null,
  subject,
  text: `Plain text of ${subject}`,
  html,
  message_id: `<${subject.replace(/\W/g, '')}@shop.test>`,
  redact: [],
  created_at: new Date().toISOString(),
});

describe('the admin panel: the mail log', () => {
  const shop = useShopInBrowser({ ownServer: true, env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' } });

  it("shows a failed message with the server's answer, filters, previews both parts without running them, and sends it again", async () => {
    const { store } = shop.server;
    const [failed, delivered] = await store.outbox.enqueue([
      message(
        'gone@example.com',
        'Your withdrawal',
        '<html lang="en"><body><h1>Withdrawal received</h1><script>parent.document.title="pwned"</script><p>Kept.</p></body></html>',
      ),
      message('ewa@example.com', 'Welcome', '<p>Hello</p>'),
    ]);
    await smtp.waitFor((mail) => mail.recipients.includes('ewa@example.com'));
    // The sender records the outcome once the SMTP server's answer is back, a moment after the server has the mail.
    const settled = async (id: number, status: string) => {
      for (let tries = 0; tries < 100 && (await store.outbox.find(id))!.status !== status; tries++)
        await new Promise((resolve) => setTimeout(resolve, 100));
    };
    await settled(failed!.id, 'failed');
    await settled(delivered!.id, 'sent');
    assert.equal((await store.outbox.find(delivered!.id))!.status, 'sent');
    const { page, errors } = await managerInAdmin(shop.browser, shop.server, 'marek', '/admin/mail-log');
    await page.getByRole('heading', { name: 'Mail log' }).waitFor();
    assert.ok(await page.getByRole('link', { name: 'Mail log' }).isVisible(), 'the navigation lists it');
    const row = page.getByRole('row').filter({ hasText: 'gone@example.com' });
    await row.waitFor();
    assert.match(await row.innerText(), /Failed[\s\S]*550 5\.1\.1/);

    await page.getByRole('searchbox').fill('ewa@');
    await page.waitForFunction(() => !document.body.innerText.includes('gone@example.com'));
    assert.match(await page.locator('tbody').innerText(), /ewa@example.com/);
    await page.getByRole('searchbox').fill('');
    await row.waitFor();

    await row.getByRole('button', { name: 'Your withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your withdrawal' });
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /550 5\.1\.1 <gone@example.com>: no such mailbox/);
    assert.match(await dialog.innerText(), /Plain text of Your withdrawal/);
    const frame = dialog.locator('iframe');
    assert.equal(await frame.getAttribute('sandbox'), '', 'a sandbox with no permissions');
    assert.equal(
      await page
        .frameLocator('iframe.vitrine-mail__preview')
        .getByRole('heading', { name: 'Withdrawal received' })
        .innerText(),
      'Withdrawal received',
    );
    assert.notEqual(await page.title(), 'pwned', "the message's script did not run");
    assert.deepEqual(await seriousAxeViolations(page), []);

    smtp.refused.delete('gone@example.com');
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await dialog.getByText('Queued to be sent again.').waitFor();
    for (let tries = 0; tries < 100 && (await store.outbox.find(failed!.id))!.status !== 'sent'; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await store.outbox.find(failed!.id))!.status, 'sent');
    assert.equal(smtp.to('gone@example.com').length, 1);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
