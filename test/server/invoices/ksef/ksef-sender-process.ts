/**
 * A KSeF sender in a process of its own, for the test that kills it with SIGKILL while KSeF holds its invoice: it
 * works the file-backed outbox double at OUTBOX_FILE, sending to the stand-in at KSEF_API_URL, until killed or until
 * the outbox has nothing left (then it exits).
 */
import { loadKsefConfig } from '../../../../server/invoices/ksef/ksef-config.js';
import { KsefGateway } from '../../../../server/invoices/ksef/ksef-gateway.js';
import { KsefSender } from '../../../../server/invoices/ksef/ksef-sender.js';
import { MemoryKsefOutbox } from './memory-ksef-outbox.js';

const config = loadKsefConfig(process.env)!;
const sender = new KsefSender({
  invoices: new MemoryKsefOutbox(process.env.OUTBOX_FILE!),
  submitter: new KsefGateway(config, { statusPollMs: 5, statusPolls: 200, requestTimeoutMs: 60_000 }),
  retrySeconds: config.retrySeconds,
  sender: `pid:${process.pid}`,
  leaseMs: Number(process.env.LEASE_MS),
});
while (await sender.sendNext());
