/**
 * The delivery worker: one per server process, beside the app. It claims one due message at a time from the outbox,
 * hands it to the transport and records the outcome:
 * - accepted: `sent`, with the server's answer;
 * - refused for good (an SMTP 5xx reply): `failed`, with the server's answer, never tried again by itself;
 * - anything else (a 4xx reply, a refused or dropped connection, a timeout): `retrying`, after a pause that doubles
 *   from `MAIL_RETRY_SECONDS` up to an hour, and `failed` after {@link MAX_ATTEMPTS} attempts.
 * A message that carries documents (an invoice's PDF) gets its files as it is sent (mail-attachments.ts); while one is
 * still being issued, the message waits as `retrying`.
 * A claim is a lease: should this process die while sending, another sender (or this one, restarted) takes the message
 * over once the lease ends, and sends it with the same Message-ID.
 */
import os from 'node:os';
import type { DeliveryOutcome, OutboxMessage } from '../store/outbox.js';
import { OutboxPoller } from '../store/outbox-poller.js';
import type { Store } from '../store/store.js';
import type { AttachmentsOutcome, MailAttachments } from './mail-attachments.js';
import type { MailSender, MailTransport } from './mail-transport.js';

/** Longer than any one attempt can take (mail-transport.ts bounds them), so a live sender never loses its claim. */
export const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_PAUSE_MS = 3_600_000;
export const MAX_ATTEMPTS = 20;
/** How often an idle worker looks for due messages (each look is one stat per file, or one indexed query). */
const IDLE_POLL_MS = 1000;

export interface DeliveryWorkerOptions {
  store: Store;
  transport: MailTransport;
  /** The From header of a message being sent (read each time: the shop's name may change). */
  from: () => MailSender;
  retrySeconds: number;
  /** Makes the files of a message that carries documents (none are attached without it). */
  attachments?: MailAttachments;
  /** Where failures of the worker itself (not of a message) are reported. */
  log?: (line: string) => void;
}

/** The pause before attempt `attempts + 1`, after `attempts` temporary failures. */
export function retryPauseMs(attempts: number, retrySeconds: number): number {
  return Math.min(MAX_PAUSE_MS, retrySeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

/** What a transport's error means for the message: only a refusal the server calls final is permanent. */
export function isPermanentRefusal(error: unknown): boolean {
  const { permanent, responseCode } = (error ?? {}) as { permanent?: boolean; responseCode?: number };
  if (typeof permanent === 'boolean') return permanent;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode !== 503;
}

function answerOf(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: string; message?: string };
  return String(response || message || error).slice(0, 2000);
}

export function outcomeOf(error: unknown, message: OutboxMessage, retrySeconds: number, now: Date): DeliveryOutcome {
  const response = answerOf(error);
  if (isPermanentRefusal(error)) return { status: 'failed', response };
  if (message.attempts >= MAX_ATTEMPTS)
    return { status: 'failed', response: `Gave up after ${message.attempts} attempts; the last answer: ${response}` };
  return {
    status: 'retrying',
    response,
    next_attempt_at: new Date(now.getTime() + retryPauseMs(message.attempts, retrySeconds)).toISOString(),
  };
}

export class DeliveryWorker {
  /** Names this process in its claims; the data folder's outbox recognises a claim of a dead local process by it. */
  readonly sender = `pid:${process.pid}@${os.hostname()}`;
  readonly #poller: OutboxPoller;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.#poller = new OutboxPoller({
      work: () => this.deliverNext(),
      // A first retry pause shorter than the poll would otherwise last until the next look.
      idlePollMs: Math.min(IDLE_POLL_MS, options.retrySeconds * 1000),
      name: 'mail delivery',
      log: options.log,
    });
  }

  start(): void {
    this.#poller.start();
  }

  /** Looks for due messages now instead of at the next poll (after this process queued one). */
  wake(): void {
    this.#poller.wake();
  }

  /** Finishes the message being sent, then stops. */
  async stop(): Promise<void> {
    await this.#poller.stop();
    this.options.transport.close();
  }

  /**
   * Claims and sends one due message.
   * @returns whether there was one
   */
  async deliverNext(): Promise<boolean> {
    const { store, transport, retrySeconds } = this.options;
    const message = await store.outbox.claimNext(this.sender, new Date(), CLAIM_LEASE_MS);
    if (!message) return false;
    let outcome: DeliveryOutcome;
    try {
      const attached = await this.#attachmentsOf(message);
      if ('waitUntil' in attached) {
        outcome = { status: 'retrying', response: attached.reason, next_attempt_at: attached.waitUntil };
      } else {
        const response = await transport.send(message, this.options.from(), attached.files);
        outcome = { status: 'sent', response: [response, attached.missing].filter(Boolean).join(' ').slice(0, 2000) };
      }
    } catch (error) {
      outcome = outcomeOf(error, message, retrySeconds, new Date());
    }
    await store.outbox.settle(message.id, this.sender, outcome, new Date());
    return true;
  }

  #attachmentsOf(message: OutboxMessage): Promise<AttachmentsOutcome> {
    const { attachments } = this.options;
    if (message.attachments.length === 0 || !attachments) return Promise.resolve({ files: [] });
    return attachments(message, new Date());
  }
}
