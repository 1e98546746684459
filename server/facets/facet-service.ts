/**
 * Owns the live FacetEngine of the shop: builds it on first use from the store's public view (published products
 * only: catalog/public-catalog.ts), applies the store's catalog edits to it (the products API, merge imports, orders
 * taking stock), rebuilds it when the catalog is replaced or the configuration is saved, and answers a widget's
 * filter request with the canonical state applied.
 * Routes, the widget render and the CLI share this one instance through the service container.
 *
 * A large catalog's index is built off the serving thread (index-built-apart.ts), the previous index answering until
 * it is taken in; a widget's attributes are resolved against the configuration by resolved-widget.ts.
 *
 * Every build is written to the store as a snapshot (engine-snapshot.ts), keyed by the catalog's revision and the
 * configuration: a server whose catalog is opened lazily (a large shop) starts by reading it back, and answers
 * filter requests in seconds, products read by id, before the catalog is ever loaded. A missing, stale or damaged
 * snapshot is rebuilt, and the log says which it was.
 */
import type { IndexHealth } from '../../client/api/facets.js';
import type { QueryInput, QuerySchema } from '../../client/facet-filter/query-state.js';
import { parseFacetSearches, parseFilterState, toQueryString } from '../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../shortcodes/widget-attributes.js';
import type { ReplacedCatalogWork } from '../catalog/import/worker-side-work.js';
import type { Product } from '../catalog/model.js';
import { publicCatalog, publicEdit } from '../catalog/public-catalog.js';
import { wordFormsFor, type WordForms } from '../catalog/word-forms/word-forms.js';
import type { Store } from '../store/store.js';
import { defaultFacetConfig, validateFacetConfig, type FacetConfig } from './config.js';
import { FacetEngine, type BuildProgress, type FacetQueryResult, type IndexStats } from './engine/engine.js';
import { engineSnapshot, restoreEngineOfAnyRevision, snapshotKey } from './engine/engine-snapshot.js';
import { widgetQueryString } from './filter/filter-cache.js';
import { IndexBuiltApart } from './indexing/index-built-apart.js';
import { ReindexJobs } from './indexing/reindex-job.js';
import { resolvedWidget, widgetSchema, type ResolvedWidget } from './widget/resolved-widget.js';
import { availableSources } from './sources.js';

/** When the index in use was built, and what it holds: the admin's index health. */
export type { IndexHealth } from '../../client/api/facets.js';

export type { ResolvedWidget } from './widget/resolved-widget.js';

export interface FilterOutcome {
  result: FacetQueryResult;
  widget: ResolvedWidget;
  /** The codec schema of this widget: only its facets are state, the rest is dropped. */
  schema: QuerySchema;
  config: FacetConfig;
  /** Per list facet, the text of its value search box (`sf_<facet>_search`) on a page loaded without JavaScript. */
  searches?: Record<string, string>;
}

const configKeys = new WeakMap<FacetConfig, { wordForms: string | null; key: string }>();

/** What an index is built with, as one string: the configuration's JSON and the id of the word forms of `sf_q`. */
function buildKey(config: FacetConfig, wordFormsId: string | null, configJson = JSON.stringify(config)): string {
  return wordFormsId === null ? configJson : `${configJson}\n${wordFormsId}`;
}

/** The store's name for the facet index snapshot. */
const SNAPSHOT = 'facets';

/**
 * Catalog edits applied to the index after which its snapshot is written again, beside the requests: a restart then
 * catches up on fewer than this many (and the store keeps more of them than this: postgres/catalog.ts).
 */
const SNAPSHOT_AFTER_EDITS = 500;

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
  /**
   * The configuration it was built with, as JSON, and its word forms (see buildKey): another instance may save a new
   * configuration, and a new shop locale brings other word forms.
   */
  #builtWith = '';
  #builtAt = '';
  /** How the index in use was made, and how many changes were caught up on: see IndexHealth. */
  #origin: Pick<IndexHealth, 'origin' | 'caught_up_changes'> = { origin: 'built' };
  /**
   * The catalog revision of the snapshot last written or read back (null while one is being written), and the count
   * of edits applied to the index (#editsApplied) that it holds.
   */
  #snapshotRevision: string | null = null;
  #editsAtSnapshot = 0;
  #editsApplied = 0;
  #restoring: Promise<void> | null = null;
  /** Builds a large catalog's index off this thread and hands it to #use; the previous index answers meanwhile. */
  readonly #apart: IndexBuiltApart;
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
    options: { inlineRebuildProducts?: number } = {},
  ) {
    this.#apart = new IndexBuiltApart(
      {
        catalog: store.catalog,
        config: () => this.config(),
        locale: () => this.#locale(),
        log,
        use: (engine, products, config, revision, snapshot) => this.#use(engine, products, config, revision, snapshot),
        rebuildBesideRequests: () => this.jobs.start(),
      },
      options.inlineRebuildProducts,
    );
  }

  /**
   * The saved configuration, or the default one when none is saved: one object for as long as none is, so that what
   * is keyed by the configuration's identity (configKey, made on every request) is made once.
   */
  config(): FacetConfig {
    return (this.store.site.data.facet_config as FacetConfig | null) ?? (this.#defaultConfig ??= defaultFacetConfig());
  }

  #locale(): string {
    return String(this.store.site?.data.settings?.general?.locale ?? '');
  }

  /** The word forms of the shop's language, which `sf_q` matches by (catalog/word-forms); null for none. */
  wordForms(): WordForms | null {
    return wordFormsFor(this.#locale());
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
    const rebuilding = this.jobs.running || this.#apart.building;
    if (!this.#engine || this.#builtWith !== this.configKey()) {
      if (!(this.#engine && rebuilding)) this.reindex();
    } else if (
      ((this.#builtFrom !== products && !this.#catchUp(this.#engine, products)) ||
        this.#engine.changesAt <= Date.now()) &&
      !rebuilding
    ) {
      // A replaced catalog (an import), or the clock past a scheduled sale's start or end (time-horizon.ts): a large
      // one is built in a worker thread, the previous index answering until it is read back, so that no request
      // waits seconds for it; a small one at once.
      if (this.#apart.indexesApart(products.length)) this.#apart.buildInWorker();
      else this.reindex();
    }
    return this.#engine!;
  }

  /**
   * The clock has made an index read back from its snapshot untrue while the catalog is not loaded (a large shop
   * that has only answered filters since its start): load it, then rebuild as for a replaced catalog.
   */
  #loadToRebuild(): void {
    this.#loadingToRebuild ??= this.store.catalog
      .load()
      .then(() => void this.engine())
      .catch((error: Error) =>
        this.log(`Facet index: the catalog could not be loaded to rebuild the index: ${error.message}`),
      )
      .finally(() => (this.#loadingToRebuild = null));
  }

  /**
   * The seam the import jobs take (catalog/import/worker-side-work.ts): the import worker that checked a large
   * replaced catalog builds its index too, and this service reads it back in steps once the catalog is stored, the
   * previous index answering until then (index-built-apart.ts).
   */
  indexInImportWorker(): ReplacedCatalogWork {
    return this.#apart.importWorkerWork();
  }

  /** Applies the edits made since the engine's array; false when they are not known or one needs a rebuild. */
  #catchUp(engine: FacetEngine, products: readonly Product[]): boolean {
    const edits = this.#builtFrom && this.store.catalog.editsSince(this.#builtFrom);
    if (!edits) return false;
    // An engine read back from a snapshot learns its products now: those of the array it was built from.
    if (
      edits.length > 0 &&
      !engine.attached &&
      !engine.attach(publicCatalog({ ...this.store.catalog.data, products: this.#builtFrom as Product[] }))
    )
      return false;
    // An edit the engine declines leaves the earlier ones applied: the rebuild that follows starts afresh anyway.
    // The engine holds the public view, so a product drafted by the edit leaves it.
    for (const edit of edits) if (!engine.applyEdit(publicEdit(edit))) return false;
    this.#builtFrom = products;
    this.#builtRevision = this.store.catalog.revision;
    this.#editsApplied += edits.length;
    this.#saveAfterEdits(engine);
    return true;
  }

  /**
   * Writes the snapshot again, beside the requests, once enough edits were applied since the last one, or when the
   * store can no longer give the edits since it (its journal was folded, its kept changes pruned): a restart then
   * brings the snapshot up to date instead of rebuilding the index.
   */
  #saveAfterEdits(engine: FacetEngine): void {
    const since = this.#snapshotRevision;
    // Null: a snapshot is being written (one at a time).
    if (since === null) return;
    if (this.#editsApplied - this.#editsAtSnapshot < SNAPSHOT_AFTER_EDITS && this.store.catalog.canCatchUpFrom(since))
      return;
    this.#save(engine);
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
    const wordForms = this.wordForms();
    const restored = restoreEngineOfAnyRevision(bytes, snapshotKey(revision, config, wordForms), wordForms);
    if ('reason' in restored) return this.log(`Facet index: the snapshot is ${restored.reason}; rebuilding the index.`);
    const { engine } = restored;
    const size = `${engine.stats.indexed} products, ${(bytes.length / 1e6).toFixed(0)} MB`;
    let answersFor = revision;
    let caughtUp: number | null = null;
    if (restored.catalogRevision !== revision) {
      const changes = await this.#changesSince(restored.catalogRevision);
      if (this.#engine) return;
      const stale = `stale: built for catalog revision ${restored.catalogRevision}, the catalog is at ${revision}`;
      if (!changes) return this.log(`Facet index: the snapshot is ${stale}; rebuilding the index.`);
      if (!engine.catchUpDetached(changes.edits.map(publicEdit), changes.before))
        return this.log(
          `Facet index: the snapshot is ${stale}, and its ${changes.edits.length} changes since need a rebuild; rebuilding the index.`,
        );
      answersFor = changes.revision;
      caughtUp = changes.edits.length;
    }
    this.#engine = engine;
    this.#builtFrom = null;
    this.#builtRevision = answersFor;
    this.#builtWith = buildKey(config, engine.wordFormsId);
    this.#builtAt = new Date().toISOString();
    this.#snapshotRevision = restored.catalogRevision;
    this.#editsApplied = caughtUp ?? 0;
    this.#editsAtSnapshot = 0;
    const took = Math.round(performance.now() - started);
    if (caughtUp === null) {
      this.#origin = { origin: 'snapshot' };
      return this.log(`Facet index: read back from its snapshot (${size}) in ${took} ms.`);
    }
    this.#origin = { origin: 'caught_up', caught_up_changes: caughtUp };
    this.log(
      `Facet index: read back from its snapshot (${size}) and brought up to date with ${caughtUp} catalog change${caughtUp === 1 ? '' : 's'} in ${took} ms.`,
    );
    if (caughtUp > 0) this.#saveAfterEdits(engine);
  }

  /** The store's changes since a snapshot's revision, when the catalog is not loaded (see CatalogStore.changesSince). */
  async #changesSince(revision: string) {
    if (this.store.catalog.loaded) return null;
    return this.store.catalog.changesSince(revision).catch((error: Error) => {
      this.log(`Facet index: the catalog's changes could not be read: ${error.message}`);
      return null;
    });
  }

  /** Resolves once no index is being built in a worker (tests wait on it). */
  built(): Promise<void> {
    return this.#apart.settled();
  }

  /** Resolves once the last snapshot begun is written (a command exits only then). */
  flush(): Promise<void> {
    return this.#saving;
  }

  /** Rebuilds the index from the store as it is now, at once (start-up, the CLI). */
  reindex(): IndexStats {
    const catalog = this.store.catalog.data;
    const config = this.config();
    this.#use(
      FacetEngine.build(publicCatalog(catalog), config, { wordForms: this.wordForms() }),
      catalog.products,
      config,
      this.store.catalog.revision,
    );
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
    const steps = FacetEngine.buildSteps(publicCatalog(catalog), config, { wordForms: this.wordForms() });
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
    return this.#engine ? { ...this.#engine.stats, built_at: this.#builtAt, ...this.#origin } : null;
  }

  /**
   * @param snapshot the snapshot to store, made after the answer that asked for the build; by default the engine's
   *   own, of the revision it answers for by then
   */
  #use(
    engine: FacetEngine,
    products: readonly Product[],
    config: FacetConfig,
    revision: string,
    snapshot?: () => Promise<Buffer>,
  ): void {
    this.#engine = engine;
    this.#builtFrom = products;
    this.#builtRevision = revision;
    this.#builtWith = buildKey(config, engine.wordFormsId);
    this.#builtAt = new Date().toISOString();
    this.#origin = { origin: 'built' };
    this.#editsApplied = 0;
    this.#editsAtSnapshot = 0;
    this.#save(engine, snapshot && (async () => ({ bytes: await snapshot(), revision })));
  }

  /**
   * Stores a snapshot of `engine` beside the requests, unless another engine is in use by then.
   * @param snapshot the bytes to store and the revision they answer for; by default the engine as it is then
   */
  #save(engine: FacetEngine, snapshot?: () => Promise<{ bytes: Buffer; revision: string }>): void {
    // A store without snapshots is a test's stand-in.
    if (!this.store.snapshots) return;
    this.#snapshotRevision = null;
    // After the answer that asked for the build: the snapshot costs a pass over the index.
    this.#saving = this.#saving
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(async () => {
        if (this.#engine !== engine) return;
        // Edits are applied to the engine in step with #builtRevision: read together, they agree.
        const applied = this.#editsApplied;
        const { bytes, revision } = snapshot
          ? await snapshot()
          : { revision: this.#builtRevision, bytes: engineSnapshot(engine, this.#builtRevision) };
        await this.store.snapshots.write(SNAPSHOT, bytes);
        if (this.#engine !== engine) return;
        this.#snapshotRevision = revision;
        this.#editsAtSnapshot = snapshot ? 0 : applied;
      })
      .catch((error: Error) => this.log(`Facet index: the snapshot could not be written: ${error.message}`));
  }

  /**
   * Validates a whole configuration against the catalog's sources and saves it; nothing changes on error. The
   * index is then rebuilt by a reindex job, whose state is returned; the previous index answers until it is done.
   */
  async saveConfig(
    input: unknown,
  ): Promise<
    | { ok: true; config: FacetConfig; job: ReturnType<ReindexJobs['start']> }
    | { ok: false; errors: Record<string, string> }
  > {
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
    const engine = FacetEngine.build(publicCatalog(this.store.catalog.data), validation.config, {
      wordForms: this.wordForms(),
    });
    const widget = this.resolveWidget({}, validation.config);
    const schema: QuerySchema = {
      facets: engine.schema.facets,
      orderbyOptions: engine.schema.orderbyOptions,
      defaultOrderby: widget.defaultOrderby,
    };
    const result = engine.query(parseFilterState({}, schema), { perPage: widget.perPage });
    return { ok: true, outcome: { result, widget, schema, config: validation.config } };
  }

  /** A widget's attributes resolved against a configuration (the saved one unless given) and the shop's settings. */
  resolveWidget(attributes: WidgetAttributes, config: FacetConfig = this.config()): ResolvedWidget {
    return resolvedWidget(attributes, config, this.store.site.data.settings.storefront.show_ratings);
  }

  /** The schema for one widget: its own facets in its own order, and its default sort. */
  schemaFor(widget: ResolvedWidget): QuerySchema {
    return widgetSchema(widget, this.engine().schema);
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
    return [widgetQueryString(attributes), toQueryString(parseFilterState(query, schema), schema)]
      .filter(Boolean)
      .join('&');
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
    const rebuilding = this.jobs.running || this.#apart.building;
    const configKey = this.configKey();
    const until = this.#engine ? `@${this.#engine.changesAt}` : '';
    if (!rebuilding || !this.#engine) return { revision: `${this.store.catalog.revision}${until}`, configKey };
    return {
      revision: `${this.#builtRevision}${until}`,
      configKey: this.#builtWith === configKey ? configKey : `${configKey}\n${this.#builtWith}`,
    };
  }

  /**
   * The saved configuration as JSON, with the id of the word forms of the shop's language (see buildKey), made once
   * per saved configuration and language: part of every cached answer's key.
   */
  configKey(): string {
    const config = this.config();
    const wordForms = this.wordForms()?.id ?? null;
    let known = configKeys.get(config);
    if (known?.wordForms !== wordForms)
      configKeys.set(config, (known = { wordForms, key: buildKey(config, wordForms) }));
    return known!.key;
  }

  /**
   * {@link filter} once the engine is {@link ready}, with the page's products read from the store when the engine
   * knows them by id only (restored from a snapshot, the catalog not loaded).
   */
  async answer(query: QueryInput, attributes: WidgetAttributes): Promise<FilterOutcome> {
    await this.ready();
    const outcome = this.filter(query, attributes);
    const { result } = outcome;
    if (result.products.length !== result.productIds.length)
      result.products = await this.store.catalog.productsByIds(result.productIds);
    return outcome;
  }
}
