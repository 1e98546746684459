/**
 * The KSeF sender: one per server process, beside the app, working the invoices' KSeF outbox. It claims one due
 * invoice at a time (`queued`, or `offline` with its retry due), sends its stored FA(3) XML and records the outcome:
 * - accepted: `accepted`, with the KSeF number, the UPO and when;
 * - refused by KSeF: `rejected`, with KSeF's reasons, until the manager queues it again ("Resend to KSeF");
 * - no answer (KSeF down, a timeout, KSeF's own error): `offline`, retried after a pause that doubles from
 *   `KSEF_RETRY_SECONDS` up to an hour, without end: an issued invoice must reach KSeF;
 * - the shop's credentials refused: status unchanged, retried the same way, the reason recorded for the manager.
 * A claim is a lease: should this process die while sending, another sender takes the invoice over once the lease
 * ends; KSeF recognises the invoice by its hash if it arrived, so it is filed once (ksef-gateway.ts).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { Invoice, InvoiceKsef } from '../../../client/api/invoices.js';
import type { InvoiceRepository } from '../../store/invoices-store.js';
import { OutboxPoller } from '../../store/outbox-poller.js';
import { KsefUnavailableError, type KsefSubmission, type KsefSubmitter } from './ksef-submission.js';

/** Longer than one attempt can take (requests are bounded, status questions counted), so a live sender keeps it. */
export const KSEF_CLAIM_LEASE_MS = 10 * 60_000;
const MAX_PAUSE_MS = 3_600_000;
const IDLE_POLL_MS = 1000;
/** Bounds what is kept of KSeF's reasons. */
const MAX_REASONS = 20;
const MAX_REASON_LENGTH = 1000;

export type KsefOutbox = Pick<InvoiceRepository, 'claimKsefDue' | 'settleKsef' | 'xml'>;

export interface KsefSenderOptions {
  invoices: KsefOutbox;
  submitter: KsefSubmitter;
  retrySeconds: number;
  /** Names this sender in its claims; one per process by default. */
  sender?: string;
  /** How long a claim holds (KSEF_CLAIM_LEASE_MS); tests of a crash shorten it. */
  leaseMs?: number;
  idlePollMs?: number;
  log?: (line: string) => void;
}

/** The pause before attempt `attempts + 1`, after `attempts` attempts without KSeF's word. */
export function ksefRetryPauseMs(attempts: number, retrySeconds: number): number {
  return Math.min(MAX_PAUSE_MS, retrySeconds * 1000 * 2 ** Math.max(0, attempts - 1));
}

const bounded = (reasons: readonly string[]) =>
  reasons.slice(0, MAX_REASONS).map((reason) => reason.slice(0, MAX_REASON_LENGTH));

/** The invoice's KSeF record after an attempt that ended as `result` (a submission, or why there was none). */
export function ksefRecordAfter(
  invoice: Invoice,
  result: KsefSubmission | KsefUnavailableError,
  retrySeconds: number,
  now: Date,
): InvoiceKsef {
  const attempts = invoice.ksef.attempts + 1;
  if (result instanceof KsefUnavailableError) {
    return {
      ...invoice.ksef,
      status: result.reason === 'unreachable' ? 'offline' : invoice.ksef.status,
      errors: bounded([result.message]),
      attempts,
      next_attempt_at: new Date(now.getTime() + ksefRetryPauseMs(attempts, retrySeconds)).toISOString(),
    };
  }
  if (result.outcome === 'accepted') {
    return {
      status: 'accepted',
      number: result.ksefNumber,
      sent_at: result.acceptedAt,
      upo: result.upo,
      errors: [],
      attempts,
      next_attempt_at: null,
    };
  }
  return { ...invoice.ksef, status: 'rejected', errors: bounded(result.reasons), attempts, next_attempt_at: null };
}

export class KsefSender {
  readonly sender: string;
  readonly #poller: OutboxPoller;

  constructor(private readonly options: KsefSenderOptions) {
    this.sender = options.sender ?? `pid:${process.pid}@${os.hostname()}`;
    this.#poller = new OutboxPoller({
      work: () => this.sendNext(),
      idlePollMs: options.idlePollMs ?? IDLE_POLL_MS,
      name: 'KSeF sender',
      log: options.log,
    });
  }

  start(): void {
    this.#poller.start();
  }

  /** Looks for due invoices now (after this process issued one). */
  wake(): void {
    this.#poller.wake();
  }

  /** Finishes the invoice being sent, then stops. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /**
   * Claims and sends one due invoice.
   * @returns whether there was one
   */
  async sendNext(): Promise<boolean> {
    const { invoices, submitter, retrySeconds } = this.options;
    const invoice = await invoices.claimKsefDue(this.sender, new Date(), this.options.leaseMs ?? KSEF_CLAIM_LEASE_MS);
    if (!invoice) return false;
    const result = await this.#attempt(invoice, await invoices.xml(invoice.id), submitter);
    await invoices.settleKsef(invoice.id, this.sender, ksefRecordAfter(invoice, result, retrySeconds, new Date()));
    return true;
  }

  async #attempt(
    invoice: Invoice,
    xml: string | null,
    submitter: KsefSubmitter,
  ): Promise<KsefSubmission | KsefUnavailableError> {
    // What is sent must be the document the invoice's hash (its KSeF identity and QR link) was made from.
    if (xml === null) return { outcome: 'rejected', reasons: ['The invoice has no stored FA(3) XML to send.'] };
    if (createHash('sha256').update(xml, 'utf8').digest('base64') !== invoice.hash)
      return {
        outcome: 'rejected',
        reasons: ['The stored FA(3) XML does not match the invoice’s hash; it was not sent.'],
      };
    try {
      return await submitter.submit(xml, invoice.seller.tax_id, { offline: invoice.ksef.status === 'offline' });
    } catch (error) {
      if (error instanceof KsefUnavailableError) return error;
      return new KsefUnavailableError(`Sending failed: ${(error as Error).message}`, 'unreachable');
    }
  }
}
