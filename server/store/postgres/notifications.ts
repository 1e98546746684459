/**
 * Hears `NOTIFY vitrine_changes` from other instances on a connection of its own (a pooled connection cannot stay in
 * LISTEN), and reconnects when that connection drops.
 */
import pg from 'pg';
import { CHANNEL, clientConfig } from './connection.js';

const RETRY_MS = [250, 1000, 5000, 15_000];

export class ChangeListener {
  #client: pg.Client | null = null;
  #closed = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly instanceId: string,
    /** Something changed elsewhere, or may have while we were not listening: reload what is stale. */
    private readonly onChange: () => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Resolves once listening; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(clientConfig(this.url));
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      try {
        // Our own writes already updated this process's copy.
        if ((JSON.parse(message.payload ?? '{}') as { instance?: string }).instance === this.instanceId) return;
      } catch {
        // Not ours to parse (a NOTIFY by hand): reload to be safe.
      }
      this.onChange();
    });
    const dropped = (error?: Error) => {
      if (this.#client !== client) return;
      this.#client = null;
      client.end().catch(() => undefined);
      if (error)
        this.onError(
          new Error(`PostgreSQL store: lost the change notification connection (${error.message}); reconnecting.`),
        );
      this.#scheduleReconnect();
    };
    client.on('error', dropped);
    client.on('end', () => dropped(new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.#closed) {
      await client.end();
      return;
    }
    this.#client = client;
    this.#attempt = 0;
  }

  #scheduleReconnect(): void {
    if (this.#closed || this.#timer) return;
    const delay = RETRY_MS[Math.min(this.#attempt++, RETRY_MS.length - 1)]!;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#connect().then(
        // Notifications sent while we were away are lost: check the revisions once.
        () => this.onChange(),
        (error: Error) => {
          this.onError(new Error(`PostgreSQL store: cannot listen for changes yet (${error.message}); retrying.`));
          this.#scheduleReconnect();
        },
      );
    }, delay);
    this.#timer.unref();
  }

  /** Forces the connection to drop, as a network failure would (for tests of the reconnect). */
  simulateDrop(): void {
    this.#client?.emit('error', new Error('simulated drop'));
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
