/**
 * A suite's test server whose mail goes to a real SMTP server of the suite's own (test/support/test-smtp-server.ts),
 * with failed deliveries retried every 0.2 s so that an outage test stays short. Both start before the suite's tests
 * and stop after them.
 * @example const suite = useMailTestServer(); const { smtp } = suite; it('...', () => suite.server.store...);
 */
import { after, before } from 'node:test';
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
