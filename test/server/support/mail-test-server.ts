/**
 * A suite's test server whose mail goes to a real SMTP server of the suite's own (test/support/test-smtp-server.ts),
 * with failed deliveries retried every 0.2 s so that an outage test stays short. Both start before the suite's tests
 * and stop after them.
 * @example const suite = useMailTestServer(); const { smtp } = suite; it('...', () => suite.server.store...);
 */
import { after, before } from 'node:test';
import type { Store } from '../../../server/store/store.js';
import { TestSmtpServer } from '../../support/test-smtp-server.js';
import type { StoreKind } from './store-kinds.js';
import { startTestServer, type SuiteServer, type TestServer } from './test-server.js';

export interface MailSuiteServer extends SuiteServer {
  smtp: TestSmtpServer;
}

/** Starts the SMTP server and then the shop `start` makes, mailing to it, before the suite; stops both after it. */
function mailSuite(start: (mail: NodeJS.ProcessEnv) => Promise<TestServer>): MailSuiteServer {
  const suite = { smtp: new TestSmtpServer() } as MailSuiteServer;
  before(async () => {
    await suite.smtp.start();
    suite.server = await start({ SMTP_URL: suite.smtp.url, MAIL_RETRY_SECONDS: '0.2' });
    suite.manager = await suite.server.basicAuthFor('shop_manager');
  });
  after(async () => {
    await suite.server?.stop();
    await suite.smtp.stop();
  });
  return suite;
}

/** @param env more of the server's environment, e.g. `{ TRUST_PROXY: '1' }` */
export function useMailTestServer(env: NodeJS.ProcessEnv = {}): MailSuiteServer {
  return mailSuite((mail) => startTestServer({ env: { ...mail, ...env } }));
}

/**
 * The same on a fresh shop of the store `kind` (store-kinds.ts), for a suite that must hold on both stores.
 * @example for (const kind of STORE_KINDS) describe(kind.name, () => { const suite = useFreshMailShop(kind); … });
 */
export function useFreshMailShop(kind: StoreKind): MailSuiteServer {
  return mailSuite(async (mail) => {
    const env = await kind.freshShop();
    return startTestServer({ dataDir: env.DATA_DIR, env: { ...env, ...mail } });
  });
}

/**
 * Waits until every message queued so far for `recipient` has left the outbox (sent, refused or suppressed), so that
 * the SMTP server holds all that the shop meant for that address: counting then says whether something went twice,
 * where a pause of a set length could end before a second message left.
 */
export async function outboxSettledFor(store: Store, recipient: string, timeoutMs = 20_000): Promise<void> {
  const settled = new Set(['sent', 'failed', 'suppressed']);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { messages } = await store.outbox.list({ recipient, page: 1, perPage: 100 });
    const waiting = messages.filter((message) => !settled.has(message.status));
    if (waiting.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`Messages to ${recipient} still in the outbox after ${timeoutMs} ms: ${JSON.stringify(waiting)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
