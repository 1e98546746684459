import type { Enqueue } from './outbox.js';
import type { DsaNotice, DsaNoticeStatus } from './schema.js';

/** A DSA notice as the form delivers it; the store assigns id, reference, status `received` and `updated_at`. */
export type NewDsaNotice = Omit<DsaNotice, 'id' | 'reference' | 'status' | 'updated_at' | 'decision_note'>;

export interface DsaNoticeRepository {
  /**
   * Stores a notice with the next id and its reference (`dsaNoticeReference`), status `received`, and the messages it
   * causes (the receipt, the shop's notification), in one operation.
   */
  create(notice: NewDsaNotice, outbox?: Enqueue<DsaNotice>): Promise<DsaNotice>;
  /** Every notice, by id. */
  list(): Promise<DsaNotice[]>;
  find(id: number): Promise<DsaNotice | null>;
  /**
   * Moves a notice to `status`, with the decision note when one is given, stamped `updatedAt`, with the messages
   * the change causes (the decision to the notifier) in the same operation.
   * @throws StoreNotFoundError when there is no such notice
   */
  setStatus(
    id: number,
    change: { status: DsaNoticeStatus; decision_note?: string },
    updatedAt: string,
    outbox?: Enqueue<DsaNotice>,
  ): Promise<DsaNotice>;
}
