/**
 * Starts sending invoices to KSeF when the environment configures it (ksef-config.ts), for `server.ts` to call beside
 * the mail delivery: one sender per process, working the invoices' KSeF outbox until stopped.
 */
import type { InvoicePdfOptions } from '../pdf/invoice-pdf.js';
import { loadKsefConfig, type KsefConfig } from './ksef-config.js';
import { ksefAddresses } from './ksef-environment.js';
import { KsefGateway } from './ksef-gateway.js';
import { KsefSender, type KsefOutbox } from './ksef-sender.js';

/**
 * @returns the running sender, or null when no KSeF credentials are configured (invoices then wait, queued)
 * @throws ConfigError when the KSeF settings are malformed
 * @example const ksef = startKsefSending(process.env, store.invoices); … await ksef?.stop();
 */
export function startKsefSending(
  env: NodeJS.ProcessEnv,
  invoices: KsefOutbox,
  log: (line: string) => void = console.error,
): KsefSender | null {
  const config = loadKsefConfig(env);
  if (!config) return null;
  const sender = new KsefSender({
    invoices,
    submitter: new KsefGateway(config),
    retrySeconds: config.retrySeconds,
    log,
  });
  sender.start();
  return sender;
}

/**
 * What the invoice PDF needs of the KSeF configuration: its environment's verification address, and the offline
 * certificate that signs KOD II (its key read from its file now, for this document).
 */
export function invoicePdfOptionsOf(config: KsefConfig | null): InvoicePdfOptions {
  if (!config) return { qrBaseUrl: ksefAddresses('production').qrUrl };
  return { qrBaseUrl: config.qrUrl, offlineCertificate: config.offlineCertificate?.read() };
}
