/**
 * Owns the live FacetEngine of the shop: builds it from the store on first use, applies the store's catalog edits
 * to it (the products API, merge imports, orders taking stock), rebuilds it when the catalog is replaced or the
 * configuration is saved, and answers a widget's filter request with the canonical state applied.
 * Routes, the widget render and the CLI share this one instance through the service container.
 */
import type { IndexHealth } from '../../client/api/facets.js';
import type { QueryInput, QuerySchema } from '../../client/facet-filter/query-state.js';
import { parseFacetSearches, parseFilterState } from '../../client/facet-filter/query-state.js';
import type { WidgetAttributes } from '../../shortcodes/widget-attributes.js';
import type { Product } from '../catalog/model.js';
import type { Store } from '../store/store.js';
import { defaultFacetConfig, validateFacetConfig, type FacetConfig, type FacetDefinition } from './config.js';
import { FacetEngine, type BuildProgress, type FacetQueryResult, type IndexStats } from './engine.js';
import { ReindexJobs } from './reindex-job.js';
import { availableSources } from './sources.js';

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

export class FacetService {
  #engine: FacetEngine | null = null;
  /**
   * The products array the engine answers for: every replace or edit makes a new array, so a different one means
   * the engine is behind, by the edits the store remembers since this array or by a replace.
   */
  #builtFrom: readonly Product[] | null = null;
  /** The configuration it was built with, as JSON: another instance may save a new one. */
  #builtWith = '';
  #builtAt = '';
  /** Rebuilds that run beside the requests (POST /facet/v1/reindex, a saved configuration). */
  readonly jobs = new ReindexJobs((onProgress) => this.rebuild(onProgress));

  constructor(private readonly store: Store) {}

  /** The saved configuration, or the default one when none is saved. */
  config(): FacetConfig {
    return (this.store.site.data.facet_config as FacetConfig | null) ?? defaultFacetConfig();
  }

  /**
   * The index for the current catalog and configuration. While a reindex job runs, the previous index keeps
   * answering (consistent with the configuration it was built with) instead of a rebuild inside a request.
   */
  engine(): FacetEngine {
    const products = this.store.catalog.data.products;
    // While a reindex job runs, the previous index keeps answering instead of a rebuild inside a request; catalog
    // edits are still applied to it (a job's engine then catches up on the edits made since it started).
    if (!this.#engine || this.#builtWith !== JSON.stringify(this.config())) {
      if (!(this.#engine && this.jobs.running)) this.reindex();
    } else if (this.#builtFrom !== products && !this.#catchUp(this.#engine, products) && !this.jobs.running) {
      this.reindex();
    }
    return this.#engine!;
  }

  /** Applies the edits made since the engine's array; false when they are not known or one needs a rebuild. */
  #catchUp(engine: FacetEngine, products: readonly Product[]): boolean {
    const edits = this.#builtFrom && this.store.catalog.editsSince(this.#builtFrom);
    if (!edits) return false;
    // An edit the engine declines leaves the earlier ones applied: the rebuild that follows starts afresh anyway.
    for (const edit of edits) if (!engine.applyEdit(edit)) return false;
    this.#builtFrom = products;
    return true;
  }

  /** Rebuilds the index from the store as it is now, at once (start-up, the CLI). */
  reindex(): IndexStats {
    const catalog = this.store.catalog.data;
    const config = this.config();
    this.#use(FacetEngine.build(catalog, config), catalog.products, config);
    return this.#engine!.stats;
  }

  /**
   * Rebuilds step by step, letting requests run between the steps, and switches to the new index at the end.
   * Use through {@link jobs}.
   */
  async rebuild(onProgress: (progress: BuildProgress) => void): Promise<IndexStats> {
    const catalog = this.store.catalog.data;
    const config = this.config();
    const steps = FacetEngine.buildSteps(catalog, config);
    for (;;) {
      const next = steps.next();
      if (next.done) {
        this.#use(next.value, catalog.products, config);
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

  #use(engine: FacetEngine, products: readonly Product[], config: FacetConfig): void {
    this.#engine = engine;
    this.#builtFrom = products;
    this.#builtWith = JSON.stringify(config);
    this.#builtAt = new Date().toISOString();
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
    const engine = FacetEngine.build(this.store.catalog.data, validation.config);
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
}
