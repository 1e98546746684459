/**
 * The loop every outbox worker runs (mail delivery, webhook deliveries, invoices to KSeF): do one item of work at a
 * time while there is some, pause while there is none, look again at once when woken (after this process queued
 * something), and keep going when the store itself fails (the database is down), saying so once in a while rather
 * than on every poll. What one item of work is, and how its outcome is recorded, is the worker's own.
 */

export interface OutboxPollerOptions {
  /** Does one item of work; resolves whether there was one (when there was, the next is looked for at once). */
  work: () => Promise<boolean>;
  /** How often an idle poller looks for due work. */
  idlePollMs: number;
  /** Names the worker in its failure reports, e.g. `mail delivery`. */
  name: string;
  log?: (line: string) => void;
}

/** A failing store is retried more slowly, up to this pause. */
const MAX_FAILURE_PAUSE_MS = 30_000;
/** One report of a failing store per this many failures in a row. */
const REPORT_EVERY = 30;

export class OutboxPoller {
  #running = false;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;

  constructor(private readonly options: OutboxPollerOptions) {}

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  /** Looks for due work now instead of at the next poll. */
  wake(): void {
    this.#wake?.();
  }

  /** Finishes the item being worked on, then stops. */
  async stop(): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
  }

  async #run(): Promise<void> {
    const { work, idlePollMs, name, log = console.error } = this.options;
    let failures = 0;
    while (this.#running) {
      let worked = false;
      try {
        worked = await work();
        failures = 0;
      } catch (error) {
        if (failures++ % REPORT_EVERY === 0) log(`[vitrine] ${name}: ${(error as Error).message}`);
      }
      if (!worked && this.#running)
        await this.#pause(failures ? Math.min(MAX_FAILURE_PAUSE_MS, idlePollMs * failures) : idlePollMs);
    }
  }

  #pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = null;
        done();
      };
    });
  }
}
