/**
 * A suite's test server whose mail goes to a real SMTP server of the suite's own (test/support/test-smtp-server.ts),
 * with failed deliveries retried every 0.2 s so that an outage test stays short. Both start before the suite's tests
 * and stop after them.
 * @example const suite = useMailTestServer(); const { smtp } = suite; it('...', () => suite.server.store...);
 */
import { after, before } from 'node:test';
import { TestSmtpServer } from '../../support/test-smtp-server.js';
import { startTestServer, type SuiteServer } from './test-server.js';

export interface MailSuiteServer extends SuiteServer {
  smtp: TestSmtpServer;
}

/** @param env more of the server's environment, e.g. `{ TRUST_PROXY: '1' }` */
export function useMailTestServer(env: NodeJS.ProcessEnv = {}): MailSuiteServer {
  const suite = { smtp: new TestSmtpServer() } as MailSuiteServer;
  before(async () => {
    await suite.smtp.start();
    suite.server = await startTestServer({ env: { SMTP_URL: suite.smtp.url, MAIL_RETRY_SECONDS: '0.2', ...env } });
    suite.manager = await suite.server.basicAuthFor('shop_manager');
  });
  after(async () => {
    await suite.server?.stop();
    await suite.smtp.stop();
  });
  return suite;
}
