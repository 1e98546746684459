// The mail log's REST API (vitrine/v1/mail): a permanent refusal is kept as failed with the server's
// answer, filters, both parts with secrets hidden, "Send again", managers only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUser } from '../../../server/auth/users.js';
import { fetchJson } from '../support/test-server.js';
import { useMailTestServer } from '../support/mail-test-server.js';
import { Visitor } from '../support/visitor.js';

describe('the mail log API', () => {
  const suite = useMailTestServer();
  const { smtp } = suite;
  const get = (path: string, authorization = suite.manager) =>
    fetchJson(suite.server.restUrl(path), { headers: { authorization } });

  async function waitForStatus(id: number, status: string): Promise<any> {
    for (let tries = 0; tries < 200; tries++) {
      const answer = await get(`/vitrine/v1/mail/${id}`);
      if (answer.body.status === status) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail(`message ${id} never became ${status}`);
  }

  it('keeps a permanent refusal as failed with the server\'s answer; "Send again" delivers it once the address is fixed', async () => {
    smtp.refused.add('gone@example.com');
    await createUser(suite.server.store, {
      login: 'gone',
      email: 'gone@example.com',
      role: 'customer',
      password: 'gone-password-1',
    });
    const visitor = new Visitor(suite.server.url);
    await visitor.get('/forgot-password');
    await visitor.post('/forgot-password', { email: 'gone@example.com' });
    let listed: any;
    for (let tries = 0; tries < 200 && !listed; tries++) {
      listed = (await get('/vitrine/v1/mail?recipient=GONE@')).body[0];
      if (!listed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const failed = await waitForStatus(listed.id, 'failed');
    assert.match(failed.last_response, /^550 .*no such mailbox/);
    assert.equal(failed.attempts, 1, 'a permanent refusal is not retried');
    const failedList = await get('/vitrine/v1/mail?status=failed');
    assert.ok(failedList.body.some((message: any) => message.id === failed.id));
    assert.equal(failedList.headers.get('x-wp-total'), String(failedList.body.length));
    assert.equal((await get('/vitrine/v1/mail?status=sent&recipient=gone@')).body.length, 0);

    assert.match(failed.text, /\[hidden\]/, 'the reset link is hidden in the log');
    assert.doesNotMatch(failed.text + failed.html, /reset-password\?token=/);
    assert.match(failed.html, /<html lang=/);

    smtp.refused.delete('gone@example.com');
    const again = await fetchJson(suite.server.restUrl(`/vitrine/v1/mail/${failed.id}/resend`), {
      method: 'POST',
      headers: { authorization: suite.manager },
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.status, 'queued');
    await waitForStatus(failed.id, 'sent');
    const [mail] = await smtp.waitFor((candidate) => candidate.recipients.includes('gone@example.com'));
    assert.equal(mail!.parsed.messageId, failed.message_id, 'sent again with its Message-ID');
    assert.match(mail!.parsed.text!, /reset-password\?token=/, 'the message itself still carries the link');
  });

  it('is for managers only, and answers 404 for an unknown message', async () => {
    const customer = await suite.server.basicAuthFor('customer');
    assert.equal((await get('/vitrine/v1/mail', customer)).status, 403);
    assert.equal((await fetchJson(suite.server.restUrl('/vitrine/v1/mail'))).status, 401);
    assert.equal(
      (
        await fetchJson(suite.server.restUrl('/vitrine/v1/mail/1/resend'), {
          method: 'POST',
          headers: { authorization: customer },
        })
      ).status,
      403,
    );
    const missing = await get('/vitrine/v1/mail/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'vitrine_mail_not_found');
    assert.equal((await get('/vitrine/v1/mail?status=lost')).status, 400);
  });
});
