import type { SiteData } from './schema.js';

/** A change to the site state: a synchronous mutation of a private draft. Throwing discards the draft. */
export type SiteChange<T> = (draft: SiteData) => T;

export interface SiteDocument {
  /** This process's copy of the site state; as fresh as the last `refresh()` or own write. Do not mutate. */
  readonly data: Readonly<SiteData>;
  /**
   * Applies `change` to a draft of the freshest site state and stores it; resolves once it is durable.
   * Changes are serialised across processes and instances, so what the change reads is what it writes over.
   * @returns what `change` returned
   * @throws whatever `change` threw; nothing is stored then
   */
  update<T>(change: SiteChange<T>): Promise<T>;
}
