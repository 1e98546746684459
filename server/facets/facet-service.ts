/**
 * Owns the live FacetEngine of the shop: builds it on first use from the store's public view (published products
 * only: catalog/public-catalog.ts), applies the store's catalog edits to it (the products API, merge imports, orders
 * taking stock), rebuilds it when the catalog is replaced or the configuration is saved, and answers a widget's
 * filter request with the canonical state applied.
 * Routes, the widget render and the CLI share this one instance through the service container.
 *
 * Every build is written to the store as a snapshot (engine-snapshot.ts), keyed by the catalog's revision and the
 * configuration: a server whose catalog is opened lazily (a large shop) starts by reading it back, and answers
 * filter requests in seconds, products read by id, before the catalog is ever loaded. A missing, stale or damaged
 * snapshot is rebuilt, and the log says which it was.
 */
import { backgroundPause } from '../http/background-pause.js';
import type { IndexHealth } from '../../client/api/facets.js';
import type { QueryInput, QuerySchema } from '../../client/facet-filter/query-state.js';
import { parseFacetSearches, parseFilterState, toQueryString } from '../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../shortcodes/widget-attributes.js';
import type { PreparedWork, ReplacedCatalogWork, StoredReplace } from '../catalog/import/worker-side-work.js';
import type { Product } from '../catalog/model.js';
import { publicCatalog, publicEdit } from '../catalog/public-catalog.js';
import type { Store } from '../store/store.js';
import { defaultFacetConfig, validateFacetConfig, type FacetConfig, type FacetDefinition } from './config.js';
import { FacetEngine, type BuildProgress, type FacetQueryResult, type IndexStats } from './engine.js';
import { engineSnapshot, rekeyedSnapshot, restoreEngine, restoreEngineInSteps, snapshotKey } from './engine-snapshot.js';
import { widgetQueryString } from './filter-cache.js';
import type { ImportIndexInput } from './index-in-import-worker.js';
import { buildIndexInWorker, type BuiltApart } from './index-in-worker.js';
import { WORKER_REVISION } from './index-worker-messages.js';
import { ReindexJobs } from './reindex-job.js';
import { availableSources } from './sources.js';

/** Past this many products, a replaced catalog is reindexed in a worker rather than inside the request that notices. */
const INLINE_REBUILD_PRODUCTS = 20_000;

/** The module the import worker runs on a replaced catalog (see indexInImportWorker). */
const IMPORT_WORKER_SIDE = new URL(`./index-in-import-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** When the index in use was built, and what it holds: the admin's index health. */
export type { IndexHealth } from '../../client/api/facets.js';

/** A widget's attributes resolved against the configuration: what it shows and how. */
export interface ResolvedWidget {
  /** The facets it shows, in the order the editor listed them (configuration order when all). */
  facets: FacetDefinition[];
  perPage: number;
  columns: number;
  /** Base category slug, '' for the whole catalog. */
  category: string;
  /** The widget's default sort: left out of its URLs. */
  defaultOrderby: string;
  /** The attributes as given, to be sent back with every request of the element. */
  attributes: WidgetAttributes;
}

export interface FilterOutcome {
  result: FacetQueryResult;
  widget: ResolvedWidget;
  /** The codec schema of this widget: only its facets are state, the rest is dropped. */
  schema: QuerySchema;
  config: FacetConfig;
  /** Per list facet, the text of its value search box (`sf_<facet>_search`) on a page loaded without JavaScript. */
  searches?: Record<string, string>;
}

const configKeys = new WeakMap<FacetConfig, string>();

/** The store's name for the facet index snapshot. */
const SNAPSHOT = 'facets';

export class FacetService {
  #engine: FacetEngine | null = null;
  #defaultConfig: FacetConfig | null = null;
  /**
   * The products array the engine answers for: every replace or edit makes a new array, so a different one means
   * the engine is behind, by the edits the store remembers since this array or by a replace. Null for an engine
   * restored from a snapshot until it is attached to the loaded catalog.
   */
  #builtFrom: readonly Product[] | null = null;
  /** The catalog revision it answers for. */
  #builtRevision = '';
  /** The configuration it was built with, as JSON: another instance may save a new one. */
  #builtWith = '';
  #builtAt = '';
  #restoring: Promise<void> | null = null;
  /** The index being built in a worker thread or read back from one, if any (see #rebuildApart, #adoptBuiltApart). */
  #building: Promise<void> | null = null;
  /** The catalog being loaded because the clock has made the index untrue (see #loadToRebuild). */
  #loadingToRebuild: Promise<void> | null = null;
  /** The snapshot being written, if any (see {@link flush}). */
  #saving: Promise<void> = Promise.resolve();
  /** Rebuilds that run beside the requests (POST /facet/v1/reindex, a saved configuration). */
  readonly jobs = new ReindexJobs((onProgress) => this.rebuild(onProgress));

  /**
   * @param options.inlineRebuildProducts past this many products a replaced catalog is indexed in a worker thread
   *   (tests lower it to see that path on a small catalog)
   */
  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void = (message) => console.log(message),
    private readonly options: { inlineRebuildProducts?: number } = {},
  ) {}

  /**
   * The saved configuration, or the default one when none is saved: one object for as long as none is, so that what
   * is keyed by the configuration's identity (configKey, made on every request) is made once.
   */
  config(): FacetConfig {
    return (this.store.site.data.facet_config as FacetConfig | null) ?? (this.#defaultConfig ??= defaultFacetConfig());
  }

  /**
   * The index for the current catalog and configuration. While a reindex job runs, the previous index keeps
   * answering (consistent with the configuration it was built with) instead of a rebuild inside a request.
   */
  engine(): FacetEngine {
    const engine = this.#engine;
    if (engine && !engine.attached && this.#current()) {
      // Restored from a snapshot (or built in a worker): it answers as it is, products read by id, and is attached to
      // its products only when an edit needs them (#catchUp): attaching a large index costs a second or more.
      if (!this.store.catalog.loaded) {
        if (engine.changesAt <= Date.now()) this.#loadToRebuild();
        return engine;
      }
      this.#builtFrom ??= this.store.catalog.data.products;
    }
    const products = this.store.catalog.data.products;
    // While a rebuild runs beside the requests, the previous index keeps answering instead of a rebuild inside a
    // request; catalog edits are still applied to it (the new engine then catches up on the edits made meanwhile).
    const rebuilding = this.jobs.running || this.#building !== null;
    if (!this.#engine || this.#builtWith !== this.configKey()) {
      if (!(this.#engine && rebuilding)) this.reindex();
    } else if (((this.#builtFrom !== products && !this.#catchUp(this.#engine, products)) || this.#engine.changesAt <= Date.now()) && !rebuilding) {
      // A replaced catalog (an import), or the clock past a scheduled sale's start or end (time-horizon.ts): a large
      // one is built in a worker thread, the previous index answering until it is read back, so that no request
      // waits seconds for it (issue 19, item 7); a small one at once.
      if (products.length > (this.options.inlineRebuildProducts ?? INLINE_REBUILD_PRODUCTS)) this.#rebuildApart();
      else this.reindex();
    }
    return this.#engine!;
  }

  /**
   * The clock has made an index read back from its snapshot untrue while the catalog is not loaded (a large shop
   * that has only answered filters since its start): load it, then rebuild as for a replaced catalog.
   */
  #loadToRebuild(): void {
    this.#loadingToRebuild ??= this.store.catalog.load()
      .then(() => void this.engine())
      .catch((error: Error) => this.log(`Facet index: the catalog could not be loaded to rebuild the index: ${error.message}`))
      .finally(() => (this.#loadingToRebuild = null));
  }

  /** Builds the index of the catalog as it is now in a worker thread, and takes it in once read back. */
  #rebuildApart(): void {
    const catalog = this.store.catalog.data;
    const revision = this.store.catalog.revision;
    const config = this.config();
    this.#whileBuilding(buildIndexInWorker(catalog, config)
      .then(async (built) => {
        await this.#warmUp(built.engine);
        this.#useBuiltApart(built, catalog.products, config, revision);
      })
      .catch((error: Error) => {
        this.log(`Facet index: ${error.message}; rebuilding it beside the requests instead.`);
        this.jobs.start();
      }));
  }

  /**
   * The seam the import jobs take (catalog/import/worker-side-work.ts): the import worker that checked a large
   * replaced catalog builds its index too, and this service reads it back in steps once the catalog is stored, the
   * previous index answering until then. The serving thread then never copies the new catalog to an index worker.
   */
  indexInImportWorker(): ReplacedCatalogWork {
    return {
      module: IMPORT_WORKER_SIDE,
      input: (): ImportIndexInput => ({ config: this.config(), minProducts: this.options.inlineRebuildProducts ?? INLINE_REBUILD_PRODUCTS }),
      publishing: (prepared, stored) => this.#adoptBuiltApart(prepared, stored),
    };
  }

  /** Takes in the index the import worker built, once its catalog is stored; on failure the next request rebuilds. */
  #adoptBuiltApart(prepared: PreparedWork, stored: Promise<StoredReplace | null>): void {
    const previous = this.#building;
    this.#whileBuilding(Promise.all([previous, stored]).then(async ([, replace]) => {
      if (!replace) return;
      if ('error' in prepared) throw new Error(`the import worker could not build it (${prepared.error})`);
      const started = performance.now();
      const config = this.config();
      const snapshot = Buffer.from(prepared.bytes);
      const restored = await restoreEngineInSteps(snapshot, snapshotKey(WORKER_REVISION, config));
      if ('reason' in restored) throw new Error(`the index the import worker built could not be read back: ${restored.reason}`);
      await this.#warmUp(restored.engine);
      if (!this.#useBuiltApart({ engine: restored.engine, snapshot }, replace.products, config, replace.revision)) return;
      this.log(`Facet index: built by the import worker (${restored.engine.stats.indexed} products), read back in ${Math.round(performance.now() - started)} ms.`);
    }).catch((error: Error) => this.log(`Facet index: ${error.message}; building it in a worker of its own instead.`)));
  }

  /**
   * Answers the shop's first page once with an index built apart, before it is used: its first count of the whole
   * catalog and the store's lookup of the new products by id are made in steps of their own, not inside a request.
   */
  async #warmUp(engine: FacetEngine): Promise<void> {
    await backgroundPause();
    const first = engine.query(parseFilterState({}, engine.schema), { perPage: this.config().per_page });
    await backgroundPause();
    await this.store.catalog.productsByIds(first.productIds);
  }

  /** Marks an index as being built until `building` settles (it must not reject). */
  #whileBuilding(building: Promise<void>): void {
    const current: Promise<void> = building.finally(() => {
      if (this.#building === current) this.#building = null;
    });
    this.#building = current;
  }

  /** Uses an index built apart, unless a configuration was saved meanwhile (its own rebuild is coming): whether used. */
  #useBuiltApart({ engine, snapshot }: BuiltApart, products: readonly Product[], config: FacetConfig, revision: string): boolean {
    if (JSON.stringify(config) !== JSON.stringify(this.config())) return false;
    // Stored as it came, under the catalog's revision: encoding the index again would hold this thread for 0.4 s.
    this.#use(engine, products, config, revision, () => rekeyedSnapshot(snapshot, revision));
    return true;
  }

  /** Applies the edits made since the engine's array; false when they are not known or one needs a rebuild. */
  #catchUp(engine: FacetEngine, products: readonly Product[]): boolean {
    const edits = this.#builtFrom && this.store.catalog.editsSince(this.#builtFrom);
    if (!edits) return false;
    // An engine read back from a snapshot learns its products now: those of the array it was built from.
    if (edits.length > 0 && !engine.attached && !engine.attach(publicCatalog({ ...this.store.catalog.data, products: this.#builtFrom as Product[] }))) return false;
    // An edit the engine declines leaves the earlier ones applied: the rebuild that follows starts afresh anyway.
    // The engine holds the public view, so a product drafted by the edit leaves it (issue 19).
    for (const edit of edits) if (!engine.applyEdit(publicEdit(edit))) return false;
    this.#builtFrom = products;
    this.#builtRevision = this.store.catalog.revision;
    return true;
  }

  /** Whether the engine in use answers for the catalog's revision and the saved configuration. */
  #current(): boolean {
    return this.#builtRevision === this.store.catalog.revision && this.#builtWith === this.configKey();
  }

  /**
   * The engine, once it answers for the current catalog and configuration: read back from the snapshot when the
   * catalog is not loaded yet and the snapshot fits, else after loading the catalog (and building, as engine()).
   */
  async ready(): Promise<FacetEngine> {
    // Even with the catalog loaded, reading the index back and attaching it beats building it.
    if (!this.#engine) await (this.#restoring ??= this.#restore().finally(() => (this.#restoring = null)));
    if (!this.store.catalog.loaded) {
      if (this.#engine && (this.#current() || this.jobs.running)) return this.#engine;
      await this.store.catalog.load();
    }
    return this.engine();
  }

  async #restore(): Promise<void> {
    const started = performance.now();
    const revision = this.store.catalog.revision;
    const config = this.config();
    const bytes = await this.store.snapshots.read(SNAPSHOT);
    if (this.#engine) return;
    if (!bytes) return this.log('Facet index: no snapshot yet; building the index.');
    const restored = restoreEngine(bytes, snapshotKey(revision, config));
    if ('reason' in restored) return this.log(`Facet index: the snapshot is ${restored.reason}; rebuilding the index.`);
    this.#engine = restored.engine;
    this.#builtFrom = null;
    this.#builtRevision = revision;
    this.#builtWith = JSON.stringify(config);
    this.#builtAt = new Date().toISOString();
    this.log(`Facet index: read back from its snapshot (${restored.engine.stats.indexed} products, ${(bytes.length / 1e6).toFixed(0)} MB) in ${Math.round(performance.now() - started)} ms.`);
  }

  /** Resolves once no index is being built in a worker (tests wait on it). */
  async built(): Promise<void> {
    while (this.#building) await this.#building;
  }

  /** Resolves once the last snapshot begun is written (a command exits only then). */
  flush(): Promise<void> {
    return this.#saving;
  }

  /** Rebuilds the index from the store as it is now, at once (start-up, the CLI). */
  reindex(): IndexStats {
    const catalog = this.store.catalog.data;
    const config = this.config();
    this.#use(FacetEngine.build(publicCatalog(catalog), config), catalog.products, config, this.store.catalog.revision);
    return this.#engine!.stats;
  }

  /**
   * Rebuilds step by step, letting requests run between the steps, and switches to the new index at the end.
   * Use through {@link jobs}.
   */
  async rebuild(onProgress: (progress: BuildProgress) => void): Promise<IndexStats> {
    const catalog = this.store.catalog.data;
    const revision = this.store.catalog.revision;
    const config = this.config();
    const steps = FacetEngine.buildSteps(publicCatalog(catalog), config);
    for (;;) {
      const next = steps.next();
      if (next.done) {
        this.#use(next.value, catalog.products, config, revision);
        return next.value.stats;
      }
      onProgress(next.value);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The index in use: when it was built and what it holds; null before the first build. */
  health(): IndexHealth | null {
    return this.#engine ? { ...this.#engine.stats, built_at: this.#builtAt } : null;
  }

  /** @param snapshot the snapshot to store, made after the answer that asked for the build */
  #use(engine: FacetEngine, products: readonly Product[], config: FacetConfig, revision: string, snapshot: () => Buffer | Promise<Buffer> = () => engineSnapshot(engine, revision)): void {
    this.#engine = engine;
    this.#builtFrom = products;
    this.#builtRevision = revision;
    this.#builtWith = JSON.stringify(config);
    this.#builtAt = new Date().toISOString();
    // A store without snapshots is a test's stand-in.
    if (!this.store.snapshots) return;
    // After the answer that asked for the build: the snapshot costs a pass over the index.
    this.#saving = this.#saving.then(() => new Promise((resolve) => setImmediate(resolve))).then(async () => {
      if (this.#engine !== engine) return;
      await this.store.snapshots.write(SNAPSHOT, await snapshot());
    }).catch((error: Error) => this.log(`Facet index: the snapshot could not be written: ${error.message}`));
  }

  /**
   * Validates a whole configuration against the catalog's sources and saves it; nothing changes on error. The
   * index is then rebuilt by a reindex job, whose state is returned; the previous index answers until it is done.
   */
  async saveConfig(input: unknown): Promise<{ ok: true; config: FacetConfig; job: ReturnType<ReindexJobs['start']> } | { ok: false; errors: Record<string, string> }> {
    const validation = validateFacetConfig(input, availableSources(this.store.catalog.data));
    if (!validation.ok) return validation;
    await this.store.site.update((site) => {
      site.facet_config = validation.config;
    });
    // A job already running was started with the old configuration: a new one follows it.
    return { ok: true, config: validation.config, job: this.jobs.start({ restart: true }) };
  }

  /**
   * What the widget would show with a configuration that is not saved: built into an index of its own, used once
   * and dropped. For the admin's preview; a large catalog makes this as slow as a reindex.
   */
  preview(input: unknown): { ok: true; outcome: FilterOutcome } | { ok: false; errors: Record<string, string> } {
    const validation = validateFacetConfig(input, availableSources(this.store.catalog.data));
    if (!validation.ok) return validation;
    const engine = FacetEngine.build(publicCatalog(this.store.catalog.data), validation.config);
    const widget = this.resolveWidget({}, validation.config);
    const schema: QuerySchema = { facets: engine.schema.facets, orderbyOptions: engine.schema.orderbyOptions, defaultOrderby: widget.defaultOrderby };
    const result = engine.query(parseFilterState({}, schema), { perPage: widget.perPage });
    return { ok: true, outcome: { result, widget, schema, config: validation.config } };
  }

  resolveWidget(attributes: WidgetAttributes, config: FacetConfig = this.config()): ResolvedWidget {
    const byName = new Map(config.facets.map((facet) => [facet.name, facet]));
    const listed = attributes.facets?.length
      ? attributes.facets.flatMap((name) => byName.get(name) ?? [])
      : config.facets;
    // With `show_ratings` off the shop shows no stars anywhere, so a rating filter (all stars) is left out too.
    const showRatings = this.store.site.data.settings?.storefront?.show_ratings !== false;
    const chosen = showRatings ? listed : listed.filter((facet) => facet.source !== 'field:rating');
    const known = (config.orderby_options as readonly string[]).includes(attributes.orderby ?? '');
    return {
      facets: chosen,
      perPage: attributes.per_page ?? config.per_page,
      columns: attributes.columns ?? config.columns,
      category: attributes.category ?? '',
      defaultOrderby: known ? attributes.orderby! : config.default_orderby,
      attributes,
    };
  }

  /** The schema for one widget: its own facets in its own order, and its default sort. */
  schemaFor(widget: ResolvedWidget): QuerySchema {
    const engineSchema = this.engine().schema;
    const fields = new Map(engineSchema.facets.map((field) => [field.name, field]));
    return {
      facets: widget.facets.flatMap((facet) => fields.get(facet.name) ?? []),
      orderbyOptions: engineSchema.orderbyOptions,
      defaultOrderby: widget.defaultOrderby,
    };
  }

  /**
   * Answers a filter request: unknown variables, facets and values are dropped, the page is clamped, and the state
   * in the outcome is the one actually applied.
   *
   * @example service.filter(new URL(url).searchParams, { per_page: 6 }).result.found
   */
  filter(query: QueryInput, attributes: WidgetAttributes): FilterOutcome {
    const engine = this.engine();
    const widget = this.resolveWidget(attributes);
    const schema = this.schemaFor(widget);
    const requested = parseFilterState(query, schema);
    const result = engine.query(requested, { baseCategory: widget.category || undefined, perPage: widget.perPage });
    return { result, widget, schema, config: engine.config, searches: parseFacetSearches(query, schema) };
  }

  /**
   * The canonical query string of `GET /filter` for a state and widget (filter-cache.ts): the widget's attributes in
   * a fixed order, then the state as the URL codec writes it (unknown facets and values dropped). Call once ready.
   */
  canonicalQuery(query: QueryInput, attributes: WidgetAttributes): string {
    const schema = this.schemaFor(this.resolveWidget(attributes));
    return [widgetQueryString(attributes), toQueryString(parseFilterState(query, schema), schema)].filter(Boolean).join('&');
  }

  /**
   * The catalog revision and configuration key the index in use answers for: while a new index is built beside the
   * requests (a replaced catalog in a worker thread, a reindex job), the previous index's, so that its answers are
   * neither kept nor tagged as the new catalog's (a kept answer would outlive the switch by its whole time to live).
   * The saved configuration counts as well, whichever index answers: it shapes the answer at once (per page, labels).
   * So does the instant until which the index is true by the clock: a scheduled sale that started changes the answers
   * of one catalog revision, and so their key, once the index is rebuilt (at once for a small catalog).
   */
  answeringKey(): { revision: string; configKey: string } {
    if (this.#engine && this.#engine.changesAt <= Date.now()) {
      if (this.store.catalog.loaded) this.engine();
      else this.#loadToRebuild();
    }
    const rebuilding = this.jobs.running || this.#building !== null;
    const configKey = this.configKey();
    const until = this.#engine ? `@${this.#engine.changesAt}` : '';
    if (!rebuilding || !this.#engine) return { revision: `${this.store.catalog.revision}${until}`, configKey };
    return { revision: `${this.#builtRevision}${until}`, configKey: this.#builtWith === configKey ? configKey : `${configKey}\n${this.#builtWith}` };
  }

  /** The saved configuration as JSON, made once per saved configuration: part of every cached answer's key. */
  configKey(): string {
    const config = this.config();
    let key = configKeys.get(config);
    if (key === undefined) configKeys.set(config, (key = JSON.stringify(config)));
    return key;
  }

  /**
   * {@link filter} once the engine is {@link ready}, with the page's products read from the store when the engine
   * knows them by id only (restored from a snapshot, the catalog not loaded).
   */
  async answer(query: QueryInput, attributes: WidgetAttributes): Promise<FilterOutcome> {
    await this.ready();
    const outcome = this.filter(query, attributes);
    const { result } = outcome;
    if (result.products.length !== result.productIds.length) result.products = await this.store.catalog.productsByIds(result.productIds);
    return outcome;
  }
}
