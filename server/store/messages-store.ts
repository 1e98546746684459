import type { Enqueue } from './outbox.js';
import type { ConsentRecord, ContactMessage } from './schema.js';

export interface MessageRepository {
  /**
   * Stores a contact message and the consent records of its form, with `reference` set to `message:<id>`, and the
   * messages it causes (the shop's notification).
   */
  create(
    message: Omit<ContactMessage, 'id'>,
    consent: readonly ConsentRecord[],
    outbox?: Enqueue<ContactMessage>,
  ): Promise<ContactMessage>;
  /** Every message, newest first. */
  list(): Promise<ContactMessage[]>;
}
