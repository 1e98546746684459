/** Turns a message's content into what the outbox stores: both parts rendered, and a Message-ID of its own. */
import { randomUUID } from 'node:crypto';
import type { MailAttachmentRef, NewMessage } from '../store/outbox.js';
import { renderMailContent, type MailContent } from './templates/mail-content.js';
import type { MailShop } from './templates/mail-shop.js';
import { mailPriority } from './mail-priority.js';

export interface MessageDraft extends MailContent {
  kind: string;
  to: string;
  subject: string;
  /** Where an answer should go: the shop, for messages to customers; the customer, for the shop's notifications. */
  replyTo?: string;
  /** Secrets in the content that the mail log must not show (a password-reset link). */
  redact?: string[];
  /** Documents it carries, attached when it is sent (mail-attachments.ts). */
  attachments?: MailAttachmentRef[];
}

/** `<uuid@shop.example>`: unique, and on the shop's own domain as RFC 5322 recommends. */
export function newMessageId(siteUrl: string): string {
  return `<${randomUUID()}@${new URL(siteUrl).hostname || 'localhost'}>`;
}

export function composeMessage(shop: MailShop, draft: MessageDraft, now = new Date()): NewMessage {
  const { html, text } = renderMailContent(shop, draft.subject, draft);
  return {
    kind: draft.kind,
    to: draft.to,
    reply_to: draft.replyTo ?? null,
    subject: draft.subject,
    text,
    html,
    message_id: newMessageId(shop.siteUrl),
    redact: draft.redact ?? [],
    created_at: now.toISOString(),
    priority: mailPriority(draft.kind),
    ...(draft.attachments?.length ? { attachments: draft.attachments } : {}),
  };
}
