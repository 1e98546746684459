/**
 * A real SMTP server for the mail tests (`smtp-server`), reading what arrives with `mailparser`. It can refuse chosen
 * recipients for good (550), be stopped (connections refused) and started again on the same port.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO of the envelope. */
  recipients: string[];
  parsed: ParsedMail;
  raw: Buffer;
}

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Recipients refused with `550 5.1.1 <address>: no such mailbox`. */
  readonly refused = new Set<string>();
  /** How long the server takes to accept each message's data (a slow server, so that a test can crash mid-send). */
  acceptDelayMs = 0;
  #server: SMTPServer | null = null;
  #port = 0;

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.#port}`;
  }

  /** Starts listening (on the port it had before, after a stop). */
  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address.toLowerCase())) {
          return callback(
            Object.assign(new Error(`5.1.1 <${address.address}>: no such mailbox`), { responseCode: 550 }),
          );
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          setTimeout(
            () =>
              simpleParser(raw).then((parsed) => {
                this.received.push({ recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed, raw });
                callback();
              }, callback),
            this.acceptDelayMs,
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.server.address() as AddressInfo).port;
    this.#server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The messages received for `recipient`. */
  to(recipient: string): ReceivedMail[] {
    return this.received.filter((mail) =>
      mail.recipients.some((address) => address.toLowerCase() === recipient.toLowerCase()),
    );
  }

  /** Waits until `count` messages matching `predicate` have arrived; rejects after `timeoutMs`. */
  async waitFor(predicate: (mail: ReceivedMail) => boolean, count = 1, timeoutMs = 20_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = this.received.filter(predicate);
      if (matching.length >= count) return matching;
      if (Date.now() > deadline) {
        throw new Error(
          `Expected ${count} matching message(s) within ${timeoutMs} ms, got ${matching.length} of ${this.received.length} received: ` +
            this.received.map((mail) => `${mail.recipients.join(',')} "${mail.parsed.subject}"`).join('; '),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
