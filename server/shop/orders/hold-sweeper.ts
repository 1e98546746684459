/**
 * The hold sweeper: every few minutes, in each server process, it reminds the customers of unpaid orders whose hold
 * ends within a day and cancels the orders whose hold has ended, giving their stock back. Each reminder and each
 * cancellation is its own checked store operation (order-service.ts), so sweepers of several instances, or one
 * killed mid-sweep, send each reminder and return each order's stock exactly once. The clock is injected, so that
 * tests move time instead of waiting.
 */
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { cancelExpiredHold, remindUnpaidOrder, type OrderStatusMessages } from './order-service.js';
import { holdEndsAt, reminderDueAt } from './unpaid-holds.js';

export interface HoldSweepMessages {
  /** The customer's reminder that the order is cancelled unless paid by `endsAt`. */
  reminder: (order: Order, endsAt: Date) => readonly NewMessage[];
  /** What the customer is told of the cancellation. */
  statusChanged: OrderStatusMessages;
}

export interface SweepResult {
  reminded: number[];
  cancelled: number[];
}

/** One sweep at `now`: the reminders due and the cancellations due, each once. */
export async function sweepUnpaidHolds(store: Store, messages: HoldSweepMessages, now: Date): Promise<SweepResult> {
  const checkout = store.site.data.settings.checkout;
  const result: SweepResult = { reminded: [], cancelled: [] };
  for (const order of await store.orders.list()) {
    const endsAt = holdEndsAt(order, checkout);
    if (!endsAt) continue;
    if (endsAt <= now) {
      if (await cancelExpiredHold(store, order.id, checkout, messages.statusChanged, now))
        result.cancelled.push(order.id);
      continue;
    }
    const due = reminderDueAt(order, checkout);
    if (due && due <= now && (await remindUnpaidOrder(store, order.id, checkout, messages.reminder, now)))
      result.reminded.push(order.id);
  }
  return result;
}

export interface HoldSweeperOptions {
  store: Store;
  messages: HoldSweepMessages;
  intervalMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

/** Runs {@link sweepUnpaidHolds} at start and every `intervalMs`, one sweep at a time. */
export class HoldSweeper {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(private readonly options: HoldSweeperOptions) {}

  start(): void {
    const interval = this.options.intervalMs ?? 5 * 60_000;
    this.#timer = setInterval(() => void this.sweepNow(), interval);
    this.#timer.unref();
    void this.sweepNow();
  }

  /** One sweep now (none when one is still running); a failure is logged and the next sweep tries again. */
  sweepNow(): Promise<void> {
    this.#running ??= (async () => {
      const { store, messages, now = () => new Date(), log = console.log } = this.options;
      try {
        const { cancelled } = await sweepUnpaidHolds(store, messages, now());
        if (cancelled.length)
          log(
            `[vitrine] holds: cancelled ${cancelled.length} unpaid order(s) whose hold ended; their items are back on sale.`,
          );
      } catch (error) {
        log(`[vitrine] holds: the sweep of unpaid orders failed (${(error as Error).message}); it runs again later.`);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
