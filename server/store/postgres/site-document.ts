/**
 * `Store.site` on PostgreSQL: a copy of the site state in this process, and updates serialised across processes and
 * instances by a row lock on `meta`.
 */
import type pg from 'pg';
import type { SiteData } from '../schema.js';
import type { SiteChange, SiteDocument } from '../store.js';
import { CHANNEL, notifyPayload, withTransaction } from './connection.js';
import { loadSite, writeSiteChanges } from './site-rows.js';

export class PostgresSiteDocument implements SiteDocument {
  #data: SiteData;
  #revision: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly instanceId: string,
    initial: { data: SiteData; revision: number },
    /** Called when an update had to load changes made elsewhere first, so in-process caches hear of them. */
    private readonly onLoadedElsewhere: () => void,
  ) {
    this.#data = initial.data;
    this.#revision = initial.revision;
  }

  get data(): Readonly<SiteData> {
    return this.#data;
  }

  get revision(): number {
    return this.#revision;
  }

  /**
   * Takes a state read from the database, unless this process already holds a newer one (two updates or refreshes
   * may finish out of order).
   * @returns whether it was taken
   */
  adopt(data: SiteData, revision: number): boolean {
    if (revision <= this.#revision) return false;
    this.#data = data;
    this.#revision = revision;
    return true;
  }

  async update<T>(change: SiteChange<T>): Promise<T> {
    let loadedElsewhere = false;
    const outcome = await withTransaction(this.pool, async (client) => {
      // The row lock makes every other writer, in any process, wait until we commit or roll back.
      const locked = await client.query<{ site_revision: number }>('SELECT site_revision FROM meta FOR UPDATE');
      let base = { data: this.#data, revision: this.#revision };
      if (locked.rows[0]!.site_revision !== base.revision) {
        const loaded = await loadSite(client);
        base = { data: loaded.data, revision: loaded.revision };
        loadedElsewhere = true;
      }
      const draft = structuredClone(base.data);
      const result = change(draft); // a throw here rolls back: nothing was written yet
      if (!(await writeSiteChanges(client, base.data, draft))) return { result, data: draft, revision: base.revision };
      const bumped = await client.query<{ site_revision: number }>(
        'UPDATE meta SET site_revision = site_revision + 1 RETURNING site_revision',
      );
      // Delivered at COMMIT, and only if it commits.
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, notifyPayload('site', this.instanceId)]);
      return { result, data: draft, revision: bumped.rows[0]!.site_revision };
    });
    this.adopt(outcome.data, outcome.revision);
    if (loadedElsewhere) this.onLoadedElsewhere();
    return outcome.result;
  }
}
