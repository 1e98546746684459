/**
 * The invoices the shop owes, issued: a company order (one with a NIP) gets its VAT invoice when it is paid, or when it
 * is placed (`general.invoice_issued_when`). The sweep runs at start and then every half minute in each server process;
 * issuing is idempotent by the order's key (issue-invoice.ts), so a process killed between "paid" and "issued", or two
 * instances sweeping at once, still end with exactly one invoice per order. A refund of an order (a withdrawal's too) gets
 * its correction the same way (corrections/refund-corrections.ts). The clock is injected for tests.
 */
import { orderInvoiceKey, orderWantsInvoice, shopIssuesInvoices } from '../store/invoice-due.js';
import type { Order } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { issueRefundCorrection, type CorrectionMail } from './corrections/issue-correction.js';
import { refundCorrection, refundCorrectionKey } from './corrections/refund-corrections.js';
import { issueOrderInvoice } from './issue-invoice.js';

const NO_SELLER_NIP = "no invoices are issued until the shop's NIP is set (the tax id in the general settings).";

/** How far back the sweep looks: orders paid (or placed) before the shop invoiced are not invoiced after the fact. */
const LOOK_BACK_MS = 7 * 24 * 3_600_000;

/** When the order became due for an invoice (ISO), or null when it is not (yet) due for one. */
export function invoiceDueSince(order: Order, issuedWhen: string): string | null {
  if (!orderWantsInvoice(order)) return null;
  if (order.status === 'cancelled' || order.status === 'failed') return null;
  // A 0% intra-Community supply needs a VAT number VIES confirmed: one it could not check waits for the manager.
  if (order.taxes.scheme?.kind === 'intra_community_supply' && order.taxes.scheme.vies === 'unverified') return null;
  return issuedWhen === 'placed' ? order.created_at : order.date_paid;
}

/**
 * Issues the order's invoice right away when it is due (just paid, or just placed), so that it exists as soon as the
 * change that made it due is answered. A failure is left to the sweep, which tries again and logs why.
 */
export async function issueInvoiceIfDue(store: Store, order: Order, now = new Date()): Promise<void> {
  if (invoiceDueSince(order, store.site.data.settings.general.invoice_issued_when) === null) return;
  await issueOrderInvoice(store, order.id, now).catch(() => undefined);
}

export interface InvoiceSweepResult {
  issued: number[];
  /** Withdrawals whose refund got its correction. */
  corrected: number[];
  /**
   * Orders whose invoice could not be issued, with the reason (a rate FA(3) cannot state, a refusal by the schema);
   * `order_id` 0 when nothing could be issued at all (the shop has no NIP).
   */
  failed: { order_id: number; reason: string }[];
}

/**
 * One sweep at `now`: every company order due for an invoice within the look-back gets it, once.
 * @param tell the customer's e-mail with a correction the sweep issues
 */
export async function sweepDueInvoices(store: Store, now: Date, tell?: CorrectionMail): Promise<InvoiceSweepResult> {
  const result: InvoiceSweepResult = { issued: [], corrected: [], failed: [] };
  // A shop without its NIP issues no invoices (it may not be a VAT payer at all): said once, not once per order.
  if (!shopIssuesInvoices(store.site.data.settings.general)) {
    result.failed.push({ order_id: 0, reason: NO_SELLER_NIP });
    return result;
  }
  const issuedWhen = store.site.data.settings.general.invoice_issued_when;
  const since = now.getTime() - LOOK_BACK_MS;
  const orders = await store.orders.list();
  for (const order of orders) {
    const due = invoiceDueSince(order, issuedWhen);
    if (due === null || Date.parse(due) < since) continue;
    if (await store.invoices.findByKey(orderInvoiceKey(order.id))) continue;
    try {
      await issueOrderInvoice(store, order.id, now);
      result.issued.push(order.id);
    } catch (error) {
      result.failed.push({ order_id: order.id, reason: (error as Error).message });
    }
  }
  for (const order of orders) {
    for (const refund of order.refunds) {
      if (Date.parse(refund.created_at) < since) continue;
      if (await store.invoices.findByKey(refundCorrectionKey(order.id, refund.id))) continue;
      try {
        if (await issueRefundCorrection(store, await refundCorrection(store, order, refund), now, tell))
          result.corrected.push(order.id);
      } catch (error) {
        result.failed.push({ order_id: order.id, reason: (error as Error).message });
      }
    }
  }
  return result;
}

const FIRST_SWEEP_DELAY_MS = 2000;

export interface InvoiceSweeperOptions {
  store: Store;
  intervalMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
  /** The customer's e-mail with a correction the sweep issues (ShopMail.correctionIssued). */
  tellCorrection?: CorrectionMail;
}

/** Runs {@link sweepDueInvoices} at start and every `intervalMs`, one sweep at a time. */
export class InvoiceSweeper {
  #timer: NodeJS.Timeout | null = null;
  #first: NodeJS.Timeout | null = null;
  #running: Promise<InvoiceSweepResult | null> | null = null;
  /** The last failure reported per order, so that a lasting one is logged once, not every half minute. */
  readonly #reported = new Map<number, string>();

  constructor(private readonly options: InvoiceSweeperOptions) {}

  start(): void {
    this.#timer = setInterval(() => void this.sweepNow(), this.options.intervalMs ?? 30_000);
    this.#timer.unref();
    // The first sweep waits a moment: a server restarted after a crash answers its shoppers first.
    this.#first = setTimeout(() => void this.sweepNow(), FIRST_SWEEP_DELAY_MS);
    this.#first.unref();
  }

  /** One sweep now (or the one running); a failure is logged and the next sweep tries again. */
  sweepNow(): Promise<InvoiceSweepResult | null> {
    this.#running ??= (async () => {
      const { store, now = () => new Date(), log = console.log } = this.options;
      try {
        const result = await sweepDueInvoices(store, now(), this.options.tellCorrection);
        if (result.issued.length) log(`[vitrine] invoices: issued ${result.issued.length} invoice(s).`);
        if (result.corrected.length)
          log(`[vitrine] invoices: issued ${result.corrected.length} correction(s) for refunds.`);
        for (const { order_id, reason } of result.failed) {
          if (this.#reported.get(order_id) === reason) continue;
          this.#reported.set(order_id, reason);
          log(
            order_id === 0
              ? `[vitrine] invoices: ${reason}`
              : `[vitrine] invoices: order ${order_id} has no invoice yet: ${reason}`,
          );
        }
        return result;
      } catch (error) {
        log(`[vitrine] invoices: the sweep failed (${(error as Error).message}); it runs again later.`);
        return null;
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#first) clearTimeout(this.#first);
    this.#timer = null;
    this.#first = null;
    await this.#running;
  }
}
