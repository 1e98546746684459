/**
 * Starts the delivery worker of a server process with the transport the configuration asks for, and says where
 * messages go in one line of the log.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { DeliveryWorker } from './delivery-worker.js';
import type { MailAttachments } from './mail-attachments.js';
import { emlFolderTransport, smtpTransport, type MailSender } from './mail-transport.js';

/** The folder the embedded default writes `.eml` files to. */
export function mailFolder(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

/** `MAIL_FROM`, or the shop's name and e-mail from the settings as they are now. */
export function mailSender(config: Pick<Config, 'mailFrom'>, store: Store): MailSender {
  if (config.mailFrom) return config.mailFrom;
  const general = store.site.data.settings.general;
  return { name: general.shop_name, address: general.company_email };
}

/**
 * @param attachments makes the files of messages that carry documents (the invoice in a payment e-mail)
 */
export function startMailDelivery(
  config: Config,
  store: Store,
  attachments?: MailAttachments,
  log: (line: string) => void = console.log,
): DeliveryWorker {
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : emlFolderTransport(mailFolder(config));
  log(
    config.smtpUrl
      ? `[vitrine] mail: sending through ${transport.description}.`
      : `[vitrine] mail: no SMTP_URL is set, so every message is written as an .eml file into ${mailFolder(config)}/.`,
  );
  const worker = new DeliveryWorker({
    store,
    transport,
    from: () => mailSender(config, store),
    retrySeconds: config.mailRetrySeconds,
    attachments,
    log,
  });
  worker.start();
  return worker;
}
