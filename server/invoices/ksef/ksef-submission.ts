/**
 * What sending one invoice to KSeF can end in, as the sender records it. Kept apart from the client that talks to
 * KSeF, so that the sender's bookkeeping does not depend on how the conversation goes.
 */

export type KsefSubmission =
  /** KSeF holds the invoice: sent now, or recognised as sent before by its hash. */
  | { outcome: 'accepted'; ksefNumber: string; upo: string | null; acceptedAt: string }
  /** KSeF refused this invoice, for reasons that sending it again will not change. */
  | { outcome: 'rejected'; reasons: string[] };

/** Why an attempt did not end with KSeF's word on the invoice; the invoice waits and is tried again. */
export class KsefUnavailableError extends Error {
  /**
   * @param reason `unreachable`: no answer, an error of KSeF's own (5xx), a rate limit or processing that did not
   *   finish in time; `credentials`: KSeF refused the shop's token or certificate (the manager must fix them)
   */
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'credentials',
  ) {
    super(message);
    this.name = 'KsefUnavailableError';
  }
}

export interface SubmitOptions {
  /**
   * The invoice was issued before KSeF had it (offline24: KSeF was unreachable, and its PDF with the OFFLINE code
   * may be in the buyer's hands): KSeF then records it as an offline invoice, dated when it was issued.
   */
  offline?: boolean;
}

/** Sends one FA(3) invoice of the seller `sellerNip` and says what became of it. */
export interface KsefSubmitter {
  /** @throws KsefUnavailableError when there is no answer about the invoice yet */
  submit(xml: string, sellerNip: string, options?: SubmitOptions): Promise<KsefSubmission>;
}
