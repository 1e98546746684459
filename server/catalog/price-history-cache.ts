/**
 * The price histories of items, kept in memory between requests, so that the Omnibus line on two dozen result cards
 * costs no store query once those items have been seen: on lowdb `forItems` reads the whole NDJSON file, on
 * PostgreSQL it is a round trip. Each render asks once, for every item it lacks together (one `forItems` call).
 *
 * Histories are cached rather than reference prices, because the reference depends on the time (a scheduled sale
 * starts, the window moves) and on `omnibus_days`: those are applied on every read, and cost microseconds.
 *
 * The cache is dropped when
 * - this process appends to the history ({@link recordPriceChanges}, the one way services do);
 * - the catalog's revision changes (with every edit or replace; another process's edit reaches this one that way, its
 *   appends follow it);
 * - it is older than {@link MAX_AGE_MS}: another instance may append just after this one reloaded the catalog.
 */
import type { PriceChange, Store } from '../store/store.js';

/** The longest a history may lag behind another instance's append. */
export const MAX_AGE_MS = 60_000;
/** Items remembered at most; a walk through a million-product catalog must not keep every history. */
const MAX_ITEMS = 50_000;

interface CacheState {
  revision: string;
  bornAt: number;
  histories: Map<number, PriceChange[]>;
  /** Bumped by every drop, so that a read started before an append does not store what it read. */
  generation: number;
}

const caches = new WeakMap<Store, CacheState>();

function stateFor(store: Store, now: number): CacheState {
  let state = caches.get(store);
  if (!state) {
    state = { revision: store.catalog.revision, bornAt: now, histories: new Map(), generation: 0 };
    caches.set(store, state);
  }
  if (
    state.revision !== store.catalog.revision ||
    now - state.bornAt > MAX_AGE_MS ||
    state.histories.size > MAX_ITEMS
  ) {
    dropState(state, store.catalog.revision, now);
  }
  return state;
}

function dropState(state: CacheState, revision: string, now: number): void {
  state.revision = revision;
  state.bornAt = now;
  state.histories = new Map();
  state.generation++;
}

/**
 * The price history of each of these items (product or variation ids), oldest first; an item without one maps to [].
 * At most one store query, for the items not yet cached.
 *
 * @example const histories = await priceHistoriesOf(store, [12, 13]); omnibusReferencePrice(histories.get(12)!, 30)
 */
export async function priceHistoriesOf(
  store: Store,
  itemIds: readonly number[],
  now = Date.now(),
): Promise<Map<number, PriceChange[]>> {
  const state = stateFor(store, now);
  // What is cached now is taken before awaiting: an append meanwhile empties the cache.
  const found = new Map<number, PriceChange[]>();
  const missing: number[] = [];
  for (const id of new Set(itemIds)) {
    const history = state.histories.get(id);
    if (history) found.set(id, history);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const generation = state.generation;
    const fetched = new Map<number, PriceChange[]>(missing.map((id) => [id, []]));
    for (const change of await store.priceHistory.forItems(missing)) fetched.get(change.item_id)?.push(change);
    // Answer with what was read either way; keep it only when nothing was appended meanwhile.
    const keep = state.generation === generation;
    for (const [id, history] of fetched) {
      found.set(id, history);
      if (keep) state.histories.set(id, history);
    }
  }
  return found;
}

/**
 * Appends to the store's price history and forgets the cached histories, so that the next page shows the new prices'
 * reference. Every service that records prices goes through here.
 */
export async function recordPriceChanges(store: Store, changes: readonly PriceChange[]): Promise<void> {
  if (changes.length === 0) return;
  const state = caches.get(store);
  // Dropped before and after: a read that starts while the append runs must not be kept either.
  if (state) dropState(state, store.catalog.revision, Date.now());
  try {
    await store.priceHistory.append(changes);
  } finally {
    if (state) dropState(state, store.catalog.revision, Date.now());
  }
}
