/** Sending invoices to KSeF: configuration, the sender a server process runs, and the verification links. */
export { loadKsefConfig, type KsefConfig } from './ksef-config.js';
export { startKsefSending, invoicePdfOptionsOf } from './ksef-sending.js';
export { KsefSender, type KsefOutbox } from './ksef-sender.js';
export { invoiceVerificationLink, certificateVerificationLink } from './verification-links.js';
