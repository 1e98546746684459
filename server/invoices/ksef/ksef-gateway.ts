/**
 * Sends invoices to KSeF through `ksef-client-ts` (KSeF API 2.0): signs in with the shop's KSeF token (or
 * certificate) and keeps the access token while it is valid, opens an online session whose AES-256 key is wrapped
 * for KSeF's public key, sends the invoice encrypted, waits for KSeF's verdict on it, closes the session and fetches
 * the UPO receipt.
 *
 * Nothing is filed twice: KSeF refuses an invoice whose hash it already holds (status 440) and names the original's
 * KSeF number, which is taken as the answer. So an invoice whose acceptance was never heard of (the line dropped, the
 * process died) is simply sent again, and comes back with the number it got the first time.
 */
import {
  KSeFApiError,
  KSeFAuthStatusError,
  KSeFClient,
  authenticateWithPkcs12,
  authenticateWithToken,
  openOnlineSession,
  type OnlineSessionHandle,
  type SessionInvoiceStatusResponse,
} from 'ksef-client-ts';
import type { KsefConfig } from './ksef-config.js';
import {
  KsefUnavailableError,
  type KsefSubmission,
  type KsefSubmitter,
  type SubmitOptions,
} from './ksef-submission.js';

const SUCCESS = 200;
const DUPLICATE = 440;
/** Received, or being processed: ask again. */
const PENDING = new Set([100, 150]);
/** Sign in again this long before the access token runs out. */
const TOKEN_MARGIN_MS = 60_000;

export interface KsefGatewayOptions {
  /** How long to wait between questions about an invoice being processed. */
  statusPollMs?: number;
  /** How many questions before giving up on this attempt (the invoice is then tried again later). */
  statusPolls?: number;
  /** One HTTP request's limit. */
  requestTimeoutMs?: number;
}

export class KsefGateway implements KsefSubmitter {
  readonly #client: KSeFClient;
  #accessUntil = 0;
  /** The NIP (KSeF's context) the access token is for: a shop whose NIP changed signs in again. */
  #accessNip = '';
  #signingIn: Promise<void> | null = null;

  constructor(
    private readonly config: KsefConfig,
    private readonly options: KsefGatewayOptions = {},
  ) {
    this.#client = new KSeFClient({
      baseUrl: config.apiUrl,
      baseQrUrl: config.qrUrl,
      timeout: options.requestTimeoutMs ?? 30_000,
      // The outbox retries with its own backoff; retrying inside one attempt would only hold the claim longer.
      retry: { maxRetries: 0 },
    });
  }

  async submit(xml: string, sellerNip: string, { offline = false }: SubmitOptions = {}): Promise<KsefSubmission> {
    try {
      await this.#signIn(sellerNip);
      return await this.#send(xml, offline);
    } catch (error) {
      throw unavailable(error, () => (this.#accessUntil = 0));
    }
  }

  #signIn(nip: string): Promise<void> {
    if (nip === this.#accessNip && Date.now() < this.#accessUntil - TOKEN_MARGIN_MS) return Promise.resolve();
    this.#signingIn ??= (async () => {
      const pollOptions = {
        intervalMs: this.options.statusPollMs ?? 1000,
        maxAttempts: this.options.statusPolls ?? 60,
      };
      const token = this.config.credentials.revealToken();
      const certificate = this.config.credentials.readCertificate();
      const result = token
        ? await authenticateWithToken(this.#client, { token, nip, pollOptions })
        : await authenticateWithPkcs12(this.#client, { ...certificate!, nip, pollOptions });
      this.#accessUntil = Date.parse(result.accessTokenValidUntil);
      this.#accessNip = nip;
    })().finally(() => {
      this.#signingIn = null;
    });
    return this.#signingIn;
  }

  async #send(xml: string, offline: boolean): Promise<KsefSubmission> {
    const session = await openOnlineSession(this.#client);
    let status: SessionInvoiceStatusResponse;
    try {
      const reference = await this.#sendInvoice(session, xml, offline);
      status = await this.#verdict(session.sessionRef, reference);
    } finally {
      await session.close().catch(() => {});
    }
    const { code, description, details, extensions } = status.status;
    if (code === SUCCESS && status.ksefNumber) return this.#accepted(session.sessionRef, status.ksefNumber);
    const original = extensions?.originalKsefNumber;
    if (code === DUPLICATE && original)
      return this.#accepted(extensions?.originalSessionReferenceNumber ?? session.sessionRef, original);
    return { outcome: 'rejected', reasons: [`${code} ${description}`, ...(details ?? [])] };
  }

  /**
   * The session handle's own `sendInvoice` cannot say an invoice was issued offline, so the invoice is encrypted
   * with the session's key here and sent with `offlineMode` set as the request allows.
   */
  async #sendInvoice(session: OnlineSessionHandle, xml: string, offline: boolean): Promise<string> {
    const { crypto, onlineSession } = this.#client;
    const { aesKey, iv } = session.getState();
    const invoice = new TextEncoder().encode(xml);
    const encrypted = crypto.encryptAES256(invoice, Buffer.from(aesKey, 'base64'), Buffer.from(iv, 'base64'));
    const plain = crypto.getFileMetadata(invoice);
    const sealed = crypto.getFileMetadata(encrypted);
    const { referenceNumber } = await onlineSession.sendInvoice(session.sessionRef, {
      invoiceHash: plain.hashSHA,
      invoiceSize: plain.fileSize,
      encryptedInvoiceHash: sealed.hashSHA,
      encryptedInvoiceSize: sealed.fileSize,
      encryptedInvoiceContent: Buffer.from(encrypted).toString('base64'),
      ...(offline ? { offlineMode: true } : {}),
    });
    return referenceNumber;
  }

  async #verdict(sessionRef: string, reference: string): Promise<SessionInvoiceStatusResponse> {
    const polls = this.options.statusPolls ?? 60;
    for (let poll = 1; ; poll++) {
      const status = await this.#client.sessionStatus.getSessionInvoice(sessionRef, reference);
      if (!PENDING.has(status.status.code)) return status;
      if (poll >= polls)
        throw new KsefUnavailableError(
          `KSeF was still processing invoice ${reference} after ${polls} questions.`,
          'unreachable',
        );
      await new Promise((resolve) => setTimeout(resolve, this.options.statusPollMs ?? 1000));
    }
  }

  /** The UPO is KSeF's receipt; the invoice is in KSeF whether or not it can be fetched now. */
  async #accepted(sessionRef: string, ksefNumber: string): Promise<KsefSubmission> {
    const upo = await this.#client.sessionStatus
      .getInvoiceUpoByKsefNumber(sessionRef, ksefNumber)
      .then((result) => result.upo)
      .catch(() => null);
    return { outcome: 'accepted', ksefNumber, upo, acceptedAt: new Date().toISOString() };
  }
}

/** What a failed conversation means for the invoice: only KSeF's word on the invoice itself settles it. */
function unavailable(error: unknown, forgetAccess: () => void): KsefUnavailableError {
  if (error instanceof KsefUnavailableError) return error;
  const message = (error as Error)?.message ?? String(error);
  if (error instanceof KSeFAuthStatusError)
    return new KsefUnavailableError(`KSeF refused to sign in: ${message}`, 'credentials');
  if (error instanceof KSeFApiError && (error.statusCode === 401 || error.statusCode === 403)) {
    forgetAccess();
    return new KsefUnavailableError(`KSeF refused access (${error.statusCode}): ${message}`, 'credentials');
  }
  if (error instanceof KSeFApiError)
    return new KsefUnavailableError(`KSeF answered ${error.statusCode}: ${message}`, 'unreachable');
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  return new KsefUnavailableError(`KSeF could not be reached: ${message}${cause ? ` (${cause})` : ''}`, 'unreachable');
}
