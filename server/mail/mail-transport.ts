/**
 * Where the delivery worker hands messages over: an SMTP server (`SMTP_URL`, through nodemailer), or, by default,
 * `.eml` files in the data folder's `mail/`, one per message, so that a fresh `npm start` shows every message the shop
 * would send. Both build the message the same way (nodemailer's composer), with the Message-ID it was queued with.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { OutboxMessage } from '../store/outbox.js';
import type { MailFile } from './mail-attachments.js';

/** `MAIL_FROM` as written, or the shop's name and address (nodemailer quotes the name). */
export type MailSender = string | { name: string; address: string };

export interface MailTransport {
  /** Where messages go, for the log line at start (never a password). */
  readonly description: string;
  /**
   * Hands one message over, with the files it carries.
   * @returns the receiving server's answer (`250 OK …`) or where the file was written
   * @throws the transport's error; `permanent: true` on it when the server refused the message for good (5xx)
   */
  send(message: OutboxMessage, from: MailSender, files?: readonly MailFile[]): Promise<string>;
  close(): void;
}

/** Every bound a send has, so that one attempt ends well within the worker's claim on the message. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

function mailOptions(message: OutboxMessage, from: MailSender, files: readonly MailFile[] = []) {
  return {
    from,
    to: message.to,
    ...(message.reply_to ? { replyTo: message.reply_to } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.message_id,
    date: new Date(message.created_at),
    attachments: files.map((file) => ({ ...file })),
    // Automatic mail: no out-of-office replies to the shop's notifications (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * A nodemailer transporter made when the first message is handed over: nodemailer loads then, not with every start of
 * the shop. `close` closes it only if it was made.
 */
function lazyTransporter(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | null = null;
  return {
    get: () => (made ??= import('nodemailer').then(({ createTransport }) => createTransport(options))),
    close: () => void made?.then((transporter) => transporter.close()),
  };
}

function describeSmtp(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = lazyTransporter({ url, ...SMTP_TIMEOUTS });
  return {
    description: `the SMTP server ${describeSmtp(url)}`,
    async send(message, from, files) {
      const info = await (await transporter.get()).sendMail(mailOptions(message, from, files));
      return String(info.response ?? '250 accepted');
    },
    close: transporter.close,
  };
}

/** A file name that sorts by time and says what the message is: `20260101T120000Z-000042-withdrawal-received.eml`. */
function emlName(message: OutboxMessage): string {
  const stamp = message.created_at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${String(message.id).padStart(6, '0')}-${message.kind.replace(/[^a-z0-9-]/gi, '')}.eml`;
}

export function emlFolderTransport(folder: string): MailTransport {
  const composer = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${folder}`,
    async send(message, from, files) {
      const info = await (await composer.get()).sendMail(mailOptions(message, from, files));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, emlName(message));
      // Written beside and renamed: a reader never sees half a message, and sending again replaces it whole.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, file);
      return `written to ${file}`;
    },
    close: composer.close,
  };
}
