/**
 * The documents a message carries are stored in the outbox by reference (MailAttachmentRef) and turned into files
 * when the message is sent, by whoever knows the documents (server/invoices renders invoices): the outbox then holds
 * no file, and what the customer receives is the document as it is stored when the message leaves.
 */
import type { OutboxMessage } from '../store/outbox.js';

/** One file attached to a message. */
export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

export type AttachmentsOutcome =
  /** Send with these files; `missing` says what could not be attached (kept as part of the message's last answer). */
  | { files: MailFile[]; missing?: string }
  /** Not yet: a document it is to carry is still being issued. The message is tried again at `until` (ISO). */
  | { waitUntil: string; reason: string };

/** Makes the files of a message about to be sent. */
export type MailAttachments = (message: OutboxMessage, now: Date) => Promise<AttachmentsOutcome>;
