/**
 * Runs at most `limit` jobs at a time; the rest wait in order. Password hashing goes through one of these: scrypt runs
 * on libuv's small thread pool, which file reads and the database client's own crypto also need, so a flood of logins
 * must queue here instead of starving every other request.
 */
export class ConcurrencyLimit {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await job();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Jobs waiting for a turn, for back-pressure decisions. */
  get queued(): number {
    return this.#waiting.length;
  }
}
