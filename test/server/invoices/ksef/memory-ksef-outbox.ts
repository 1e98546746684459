/**
 * A TEST DOUBLE of the invoices' KSeF outbox (the three repository methods the sender uses), in memory, with the
 * contract's claim rules: the oldest due invoice (`queued`, or `offline` whose retry is due, not held by a live
 * claim) is claimed for one sender until its lease ends; only the claim's holder can settle it. The real stores
 * implement the same contract; this double stands in for them, never for KSeF (that is the stand-in's part).
 * Given a file, it keeps its rows there after every change, so that a process killed mid-send leaves them behind for
 * the next one (one process at a time: it is no store).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Invoice, InvoiceKsef } from '../../../../client/api/invoices.js';
import type { KsefOutbox } from '../../../../server/invoices/ksef/ksef-sender.js';

interface Row {
  invoice: Invoice;
  xml: string;
  claim: { sender: string; until: number } | null;
}

export class MemoryKsefOutbox implements KsefOutbox {
  readonly #rows = new Map<number, Row>();

  constructor(private readonly file: string | null = null) {
    if (file) for (const row of JSON.parse(readFileSync(file, 'utf8')) as Row[]) this.#rows.set(row.invoice.id, row);
  }

  #save(): void {
    if (this.file) writeFileSync(this.file, JSON.stringify([...this.#rows.values()]));
  }

  add(invoice: Invoice, xml: string): void {
    this.#rows.set(invoice.id, { invoice: structuredClone(invoice), xml, claim: null });
    this.#save();
  }

  get(id: number): Invoice {
    return structuredClone(this.#rows.get(id)!.invoice);
  }

  async claimKsefDue(sender: string, now: Date, leaseMs: number): Promise<Invoice | null> {
    await Promise.resolve();
    const due = [...this.#rows.values()]
      .filter(({ invoice, claim }) => {
        const { status, next_attempt_at } = invoice.ksef;
        if (status !== 'queued' && status !== 'offline') return false;
        if (next_attempt_at && Date.parse(next_attempt_at) > now.getTime()) return false;
        return !claim || claim.until <= now.getTime();
      })
      .sort((a, b) => a.invoice.id - b.invoice.id)[0];
    if (!due) return null;
    due.claim = { sender, until: now.getTime() + leaseMs };
    this.#save();
    return structuredClone(due.invoice);
  }

  async settleKsef(id: number, sender: string, ksef: InvoiceKsef): Promise<Invoice | null> {
    await Promise.resolve();
    const row = this.#rows.get(id);
    if (!row || row.claim?.sender !== sender) return null;
    row.invoice.ksef = structuredClone(ksef);
    row.claim = null;
    this.#save();
    return structuredClone(row.invoice);
  }

  async xml(id: number): Promise<string | null> {
    return this.#rows.get(id)?.xml ?? null;
  }
}
