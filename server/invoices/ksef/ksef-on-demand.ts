/**
 * KSeF's client library takes about half a second to load: a shop that does not send to KSeF never loads it, and one
 * that does loads it beside its start rather than in the way of it (a restart after a crash waits for every module
 * loaded up front).
 */
import type { InvoiceRepository } from '../../store/invoices-store.js';
import type { InvoicePdfOptions } from '../pdf/invoice-pdf.js';
import type { KsefSender } from './ksef-sender.js';

/** Whether the environment names KSeF credentials (ksef-config.ts checks them). */
export const ksefCredentialsGiven = (env: NodeJS.ProcessEnv): boolean =>
  Boolean(env.KSEF_TOKEN?.trim() || env.KSEF_CERT_FILE?.trim());

/**
 * @returns the running sender, or null when no credentials are configured
 * @throws ConfigError when the KSeF settings are malformed
 */
export async function startKsefSendingIfConfigured(
  env: NodeJS.ProcessEnv,
  invoices: InvoiceRepository,
): Promise<KsefSender | null> {
  if (!ksefCredentialsGiven(env)) return null;
  const { startKsefSending } = await import('./ksef-sending.js');
  return startKsefSending(env, invoices);
}

/** What an invoice PDF needs of the KSeF configuration (its verification address, the offline certificate). */
export async function invoicePdfOptionsFrom(env: NodeJS.ProcessEnv): Promise<InvoicePdfOptions> {
  const [{ loadKsefConfig }, { invoicePdfOptionsOf }] = await Promise.all([
    import('./ksef-config.js'),
    import('./ksef-sending.js'),
  ]);
  return invoicePdfOptionsOf(loadKsefConfig(env));
}
