/**
 * `<facet-filter>`: the shop's filter widget. The server renders it (declarative shadow DOM with the layout, and four
 * light-DOM regions filled by the same fragment templates as `/filter`), so it works by plain links and a GET form
 * without JavaScript. In the browser it hydrates without re-rendering, then takes over those links and forms:
 * it computes the next state with the URL codec, posts `/filter`, swaps the regions and writes the URL.
 * This module is shared: the server imports it to render the element, the storefront bundle to run it.
 */
import { LitElement, html, type PropertyValues } from 'lit';
import { parseFilterState, toQueryRecord, toQueryString, type FilterState, type QuerySchema } from './query-state.js';
import { facetFilterStyles } from './facet-filter.styles.js';
import { requestFilter } from './filter-request.js';
import { ResponseCache, type CachedAnswer } from './response-cache.js';
import { REGION_NAMES, readRegions, swapRegions, type RegionName } from './region-swap.js';
import { schemaFromAttribute } from './widget-schema.js';
import type { PluralForms, WidgetMessages } from './widget-messages.js';

/** Detail of `facet-filter-change`. */
export interface FacetFilterChangeDetail {
  /** The state actually applied (page clamped, unknown values dropped). */
  state: FilterState;
  /** The same state as canonical URL variables. */
  query: Record<string, string>;
  found: number;
}

/** How a load writes the address bar: a committed change adds an entry, typing replaces it, history restores none. */
type HistoryMode = 'push' | 'replace' | 'none';

interface LoadOptions {
  history: HistoryMode;
  /** A shopper did this (fires the change event); false when restoring from the back button. */
  userAction: boolean;
  /**
   * A page turn: focus the results heading and bring the widget top into view, and ask without the facets form shown,
   * which does not change with the page.
   */
  paging?: boolean;
}

/** Typing in the search box or a range field waits this long after the last key before asking the server. */
export const TYPING_DEBOUNCE_MS = 300;
/** What the element listens to on its regions. */
const EVENTS = ['click', 'change', 'input', 'submit'] as const;
/**
 * Plural rules by locale, made once: making them costs more than the rest of a render (on the server too, which
 * renders the element into every page showing it). Without a prototype, so that no locale reads an inherited key.
 */
const pluralRules: Record<string, Intl.PluralRules> = Object.create(null);

/**
 * @summary Filters, sorts and pages products; every state has its own URL and works without JavaScript.
 *
 * @attr endpoint - Address of `GET {REST_ROOT}/facet/v1/filter` with the widget's attributes (`?per_page=6&…`), as the
 *   server renders it: the element adds the state's variables, which makes the one cacheable address of each state.
 * @attr widget - JSON of the widget attributes (`facets`, `per_page`, `columns`, `category`, `orderby`), for scripts
 *   (the element itself sends them in `endpoint`).
 * @attr cart-token - The visitor's CSRF token: answers of the GET are the same for everyone, so the element puts it
 *   into the add-to-cart forms it swaps in.
 * @attr schema - JSON of the codec schema: `{facets: [{name, kind}], orderbyOptions, defaultOrderby}`.
 * @attr loading - Reflected while a request is under way; style it, do not set it.
 * @attr active-filters - How many filters are applied; shown on the Filters toggle. The server sets it, swaps update
 * it.
 * @attr found - How many products match; the server sets it, swaps update it.
 * @attr locale - BCP 47 locale the shop writes numbers in (`pl-PL`: 1 234), as the server-rendered counts are.
 * @attr messages - JSON of the element's own texts in the shop's language (widget-messages.ts), as the server renders
 *   them.
 *
 * @slot facets - The facets form (`[data-region="facets"]`).
 * @slot toolbar - Result count, sort and active-filter chips.
 * @slot results - The results heading and product grid.
 * @slot pagination - Page links.
 *
 * @event {CustomEvent<FacetFilterChangeDetail>} facet-filter-change - After a shopper's change has been applied (not on
 * back/forward).
 *
 * @csspart base - The outermost wrapper of the layout.
 * @csspart live-region - The visually hidden polite live region announcing the result count.
 * @csspart filters-toggle - The "Filters" button shown on narrow widths.
 * @csspart show-results - "Show N results" at the foot of the open facets on narrow widths: closes them, goes to the
 * results.
 * @csspart layout - The grid holding the facets column and the main column.
 * @csspart facets - Wrapper of the facets slot.
 * @csspart main - Wrapper of toolbar, error, results and pagination.
 * @csspart toolbar - Wrapper of the toolbar slot.
 * @csspart error - The retry message shown when a request fails.
 * @csspart retry-button - Its Retry button.
 * @csspart results - Wrapper of the results slot.
 * @csspart pagination - Wrapper of the pagination slot.
 *
 * @cssproperty [--facet-filter-columns=the widget's columns attribute] - Product grid columns on wide layouts.
 * @cssproperty [--facet-filter-gap=1.25rem] - Space between columns, cards and regions.
 * @cssproperty [--facet-filter-accent=#2f5d50] - Accent colour of every control: buttons ("Add to cart" included),
 * checkboxes,
 *   radio buttons, chips, links, focus rings, the current page, the chosen swatch.
 * @cssproperty [--facet-filter-radius=8px] - Corner radius of cards, chips and controls.
 * @cssproperty [--facet-filter-facets-width=16rem] - Width of the facets column.
 * @cssproperty [--facet-filter-surface=#ffffff] - Background of cards and panels.
 * @cssproperty [--facet-filter-border=#d9d4cc] - Borders of cards and controls.
 * @cssproperty [--facet-filter-configured-columns=3] - Set by the server on the product grid from the widget's columns;
 *   `--facet-filter-columns` overrides it.
 * @cssproperty [--facet-filter-depth=0] - Set by the server on each value of a category tree: its nesting depth, for
 *   the indentation.
 * @cssproperty --facet-filter-swatch - Set by the server on each value of a facet shown as colour swatches: the
 *   value's colour (`#rrggbb`), which the swatch is drawn in.
 */
export class FacetFilter extends LitElement {
  static override styles = facetFilterStyles;

  // A property without a type reads its attribute as a string, Lit's default.
  static override properties = {
    /** Address of `GET /facet/v1/filter` with the widget's attributes; the element adds the state's variables. */
    endpoint: {},
    /** JSON of the URL codec's schema: `{facets: [{name, kind}], orderbyOptions, defaultOrderby}`. */
    schema: {},
    /** True while a request is under way (reflected as the `loading` attribute); style it, do not set it. */
    loading: { type: Boolean, reflect: true },
    /** How many filters are applied; shown on the Filters toggle. */
    activeFilters: { type: Number, attribute: 'active-filters' },
    /** How many products match the applied state. */
    found: { type: Number },
    /** BCP 47 locale the shop writes numbers in. */
    locale: {},
    /** The element's own texts in the shop's language. */
    messages: { type: Object },
    /**
     * Whether the facets are open on narrow widths; the server opens them on a page that answers a facet's value
     * search, so that a phone shows the matches rather than the closed Filters button.
     */
    filtersOpen: { type: Boolean, attribute: 'filters-open' },
    /** @private The live region's text. */
    announcement: { state: true },
    /** @private The retry message, '' when none. */
    errorMessage: { state: true },
  };

  declare endpoint: string;
  declare schema: string;
  declare loading: boolean;
  declare activeFilters: number;
  declare found: number;
  declare locale: string;
  declare messages: WidgetMessages;
  declare filtersOpen: boolean;
  declare announcement: string;
  declare errorMessage: string;

  readonly #cache = new ResponseCache();
  #controller: AbortController | null = null;
  #debounce: ReturnType<typeof setTimeout> | undefined;
  /**
   * True between the first applied keystroke of a typing session and its commit: later keystrokes replace the entry.
   */
  #typingSession = false;
  #currentQuery = '';
  #retry: (() => void) | null = null;
  /**
   * The focused field's `name=text` when the last request started: typing in it after that is kept through the swap.
   */
  #typedAtRequest: string | undefined;

  constructor() {
    super();
    this.endpoint = '';
    this.schema = '{}';
    this.loading = false;
    this.activeFilters = 0;
    this.found = 0;
    this.locale = 'en';
    this.messages = {} as WidgetMessages;
    this.filtersOpen = false;
    this.announcement = '';
    this.errorMessage = '';
  }

  /** The form of `forms` for `count` by the locale's plural rules, the count written where `#` stands. */
  #plural(forms: PluralForms | undefined, count: number): string {
    return (forms?.[(pluralRules[this.locale] ??= new Intl.PluralRules(this.locale)).select(count)] ?? '#').replace(
      '#',
      count.toLocaleString(this.locale),
    );
  }

  get #querySchema(): QuerySchema {
    return schemaFromAttribute(this.schema);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    for (const type of EVENTS) this.addEventListener(type, this.#onInteraction);
    window.addEventListener('popstate', this.#onPopState);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const type of EVENTS) this.removeEventListener(type, this.#onInteraction);
    window.removeEventListener('popstate', this.#onPopState);
    this.#controller?.abort();
    clearTimeout(this.#debounce);
  }

  protected override firstUpdated(changed: PropertyValues): void {
    super.firstUpdated(changed);
    // The server-rendered regions are the answer for the address the page was loaded at: cache them for "back".
    const schema = this.#querySchema;
    const state = parseFilterState(new URLSearchParams(location.search), schema);
    this.#currentQuery = toQueryString(state, schema);
    // The page's facets form is tagged as an answer's (`data-facets_etag`): the first page turn names it held.
    this.#cache.set(this.#currentQuery, {
      ...readRegions(this.#regions()),
      found: this.found,
      query: toQueryRecord(state, schema),
      facets_etag: this.dataset.facets_etag,
    });
  }

  override render() {
    // No indentation inside the template: its text is sent as it is written, within the storefront's 12 KiB budget.
    return html`<div part="base" class="base">
<div part="live-region" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
<button part="filters-toggle" class="filters-toggle" type="button" aria-controls="facets-panel" aria-expanded=${this.filtersOpen} @click=${this.#toggleFilters}>${this.messages.filters}${
      this.activeFilters > 0
        ? html` <span class="filters-count">(${this.activeFilters}<span class="visually-hidden"> ${this.#plural(this.messages.active, this.activeFilters)}</span>)</span>`
        : ''
    }</button>
<div part="layout" class="layout">
<div part="facets" id="facets-panel" class="facets ${this.filtersOpen ? 'facets--open' : ''}"><slot name="facets"></slot>
<button part="show-results" class="show-results" type="button" @click=${this.#showResults}>${this.#plural(this.messages.showResults, this.found)}</button></div>
<div part="main" class="main">
<div part="toolbar"><slot name="toolbar"></slot></div>
<div part="error" class="error" role="alert" ?hidden=${!this.errorMessage}><span>${this.errorMessage}</span>
<button part="retry-button" type="button" @click=${this.#onRetry}>${this.messages.retry}</button></div>
<div part="results" class="results"><slot name="results"></slot></div>
<div part="pagination"><slot name="pagination"></slot></div>
</div></div></div>`;
  }

  #toggleFilters = (): void => {
    this.filtersOpen = !this.filtersOpen;
  };

  #onRetry = (): void => this.#retry?.();

  /** On a phone the open facets cover the results: close them and go to what the filters found. */
  #showResults = (): void => {
    this.filtersOpen = false;
    this.#focusResults(true);
  };

  #regions(): Map<RegionName, HTMLElement> {
    const regions = new Map<RegionName, HTMLElement>();
    for (const child of this.children) {
      const name = (child as HTMLElement).dataset?.region as RegionName | undefined;
      if (name && REGION_NAMES.includes(name)) regions.set(name, child as HTMLElement);
    }
    return regions;
  }

  #regionOf(node: EventTarget | null): RegionName | null {
    for (const [name, element] of this.#regions()) if (node instanceof Node && element.contains(node)) return name;
    return null;
  }

  #stateOfForm(form: HTMLFormElement): FilterState {
    // The widget's form holds no file inputs: every value is a string.
    return parseFilterState(new URLSearchParams(new FormData(form) as unknown as string[][]), this.#querySchema);
  }

  /** One listener for the regions' links and forms; anything outside them, or a modified click, is left alone. */
  #onInteraction = (event: Event): void => {
    const region = this.#regionOf(event.target);
    if (!region) return;
    const target = event.target as HTMLElement;
    if (event.type === 'click') return this.#onLinkClick(event as MouseEvent, region);
    const form = event.type === 'submit' ? (target as HTMLFormElement) : (target as HTMLInputElement).form;
    if (!form) return;
    // A facet's own value search ("Search brands", `data-facet-search`) narrows its list, not the products: typing in
    // it asks nothing, and a form sent with a changed search goes as it is, a GET the page answers with the matches.
    const boxes = form.querySelectorAll<HTMLInputElement>('[data-facet-search]');
    const typed =
      target instanceof HTMLInputElement &&
      (target.type === 'search' || target.type === 'number') &&
      !target.dataset.facetSearch;
    if (event.type === 'submit') {
      if ([...boxes].some((box) => box.value !== box.defaultValue)) return;
      event.preventDefault();
      this.#commit(this.#stateOfForm(form));
    } else if (event.type === 'input' && typed) {
      clearTimeout(this.#debounce);
      this.#debounce = setTimeout(() => this.#type(this.#stateOfForm(form)), TYPING_DEBOUNCE_MS);
    } else if (event.type === 'change') {
      this.#commit(this.#stateOfForm(form));
    }
  };

  #onLinkClick(event: MouseEvent, region: RegionName): void {
    const link = (event.target as Element).closest('a[href]') as HTMLAnchorElement | null;
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (link.target && link.target !== '_self') return;
    const url = new URL(link.href, location.href);
    // Only links to this same page are filter states; product links navigate normally.
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    event.preventDefault();
    const state = parseFilterState(url.searchParams, this.#querySchema);
    this.#load(state, { history: 'push', userAction: true, paging: region === 'pagination' });
  }

  /** A committed change (checkbox, select, Apply, Enter, leaving a field): a new history entry. */
  #commit(state: FilterState): void {
    clearTimeout(this.#debounce);
    const wasTyping = this.#typingSession;
    this.#typingSession = false;
    this.#load(state, { history: wasTyping ? 'replace' : 'push', userAction: true });
  }

  /**
   * A pause in typing: the first one of a session adds a history entry (so "back" returns to before the search),
   * later ones replace it, so that a word typed letter by letter is one entry, not five.
   */
  #type(state: FilterState): void {
    const history: HistoryMode = this.#typingSession ? 'replace' : 'push';
    this.#typingSession = true;
    this.#load(state, { history, userAction: true });
  }

  #onPopState = (): void => {
    this.#typingSession = false;
    const state = parseFilterState(new URLSearchParams(location.search), this.#querySchema);
    this.#load(state, { history: 'none', userAction: false });
  };

  async #load(state: FilterState, options: LoadOptions): Promise<void> {
    const schema = this.#querySchema;
    const key = toQueryString(state, schema);
    if (key === this.#currentQuery && options.history !== 'none' && !this.errorMessage) return;
    this.#controller?.abort();
    const controller = (this.#controller = new AbortController());
    const active = document.activeElement as HTMLInputElement | null;
    this.#typedAtRequest = `${active?.name}=${active?.value}`;
    this.#retry = () => this.#load(state, options);
    let response = this.#cache.get(key);
    if (!response) {
      this.#setBusy(true);
      // The answer may leave out the facets form shown (see facets_etag).
      const shown = options.paging ? this.#cache.get(this.#currentQuery) : undefined;
      const variables = [key, shown?.facets_etag && `facets_etag=${shown.facets_etag}`].filter(Boolean).join('&');
      try {
        response = await requestFilter(
          variables ? `${this.endpoint}${this.endpoint.includes('?') ? '&' : '?'}${variables}` : this.endpoint,
          controller.signal,
          shown?.facets_html,
        );
      } catch {
        if (controller.signal.aborted) return;
        // Old results stay; nothing the shopper chose is lost, and Retry repeats exactly this request.
        this.errorMessage = this.messages.error;
        this.#setBusy(false);
        return;
      }
      this.#cache.set(key, response);
    }
    if (controller.signal.aborted) return;
    this.#apply(response, options);
  }

  #apply(response: CachedAnswer, options: LoadOptions): void {
    const schema = this.#querySchema;
    // The server names the state it applied (page clamped, unknown values dropped): that is what the URL shows.
    const applied = parseFilterState(response.query, schema);
    const appliedKey = toQueryString(applied, schema);
    this.#cache.set(appliedKey, response);
    this.#currentQuery = appliedKey;
    this.errorMessage = '';
    swapRegions(this.#regions(), response, this.#typedAtRequest);
    const token = this.getAttribute('cart-token');
    if (token) for (const input of this.querySelectorAll<HTMLInputElement>('[name=_csrf]')) input.value = token;
    if (options.history !== 'none') {
      const url = `${location.pathname}${appliedKey ? `?${appliedKey}` : ''}${location.hash}`;
      history[options.history === 'push' ? 'pushState' : 'replaceState'](history.state, '', url);
    }
    // The chips are the applied filters, one each.
    this.activeFilters = this.#regions().get('toolbar')?.querySelectorAll('.facet-filter__chip').length ?? 0;
    const found = (this.found = response.found);
    this.announcement = this.#plural(this.messages.found, found);
    this.#setBusy(false);
    if (options.paging) this.#focusResults();
    if (options.userAction) {
      const detail: FacetFilterChangeDetail = { state: applied, query: toQueryRecord(applied, schema), found };
      this.dispatchEvent(new CustomEvent('facet-filter-change', { detail, bubbles: true, composed: true }));
    }
  }

  #setBusy(busy: boolean): void {
    this.loading = busy;
    const results = this.#regions().get('results');
    if (busy) results?.setAttribute('aria-busy', 'true');
    else results?.removeAttribute('aria-busy');
  }

  /**
   * After paging, reading starts at the new results: focus their heading, and scroll only if the widget top is gone.
   */
  #focusResults(scroll?: boolean): void {
    const results = this.#regions().get('results');
    results?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
    if (scroll) results?.scrollIntoView();
    else if (this.getBoundingClientRect().top < 0) this.scrollIntoView({ block: 'start' });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'facet-filter': FacetFilter;
  }
  interface HTMLElementEventMap {
    'facet-filter-change': CustomEvent<FacetFilterChangeDetail>;
  }
}

if (!customElements.get('facet-filter')) customElements.define('facet-filter', FacetFilter);
