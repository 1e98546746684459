/**
 * The widget renderer that the `[facet]` shortcode and the `facet/filter` block call: it filters the catalog by the
 * state in the page's URL and renders the element, with the shop's money format and the `/filter` address.
 */
import { randomBytes } from 'node:crypto';
import type { WidgetRenderer } from '../../../shortcodes/widget-attributes.js';
import type { Config } from '../../config.js';
import type { PageRenderContext } from '../../site/render-context.js';
import type { Store } from '../../store/store.js';
import { productDisplay } from '../../catalog/product-display.js';
import { lowestPriceNotesRead } from '../../catalog/lowest-price.js';
import type { Product } from '../../catalog/model.js';
import type { FacetService } from '../facet-service.js';
import { renderFacetWidget } from './render-widget.js';
import { widgetConfigurationProblems, widgetWarningHtml } from './widget-warnings.js';
import { facetSearchVariable, parseFacetSearches, toQueryString } from '../../../client/facet-filter/query-state.js';
import { answerEtag, unkeyedOfStored } from '../filter/filter-answers.js';
import { KeptAnswers } from '../filter/kept-answers.js';
import { chosenLanguagePrefix, localizeLinks, localizePath } from '../../site/storefront-languages.js';

/** The address of `/facet/v1/filter` (GET and POST), as the element asks it. */
export function filterEndpoint(config: Pick<Config, 'restRoot'>): string {
  // Site-relative, so that a shop reached under another host name (or behind a proxy) asks itself.
  return `${config.restRoot}/facet/v1/filter`;
}

/**
 * Where the visitor's CSRF token goes in a widget kept for everyone: a text no token, slug or escape can produce
 * (tokens and this are base64url, which no escaping changes), replaced by the visitor's own on every page.
 */
const TOKEN_SLOT = `vitrine-token-slot-${randomBytes(12).toString('base64url')}`;
/** A page's widget is about 70,000 characters (twice as many bytes once a name is outside Latin-1): at most 20 MB. */
const MAX_KEPT_WIDGETS = 150;

/** A widget as rendered for everyone: its HTML in UTF-8, cut at the token's places, and the state it applied. */
interface KeptWidget {
  pieces: Buffer[];
  /** The canonical `sf_…` query of the state it applied, with its facets' value searches (PageRenderContext). */
  appliedQuery: string;
}

/**
 * The widget keeps rendered copies as `/filter` keeps its answers (kept-answers.ts): a listing's first page, and every
 * state shoppers ask again, costs a look-up and the visitor's token instead of filtering and rendering. A copy's key
 * is the ETag of `/filter`'s answer for the same state (catalog revision, configuration, settings, language, state)
 * with what only a page adds: the facets' value searches, the page's path (its links and forms point there) and whether it
 * holds forms.
 *
 * @example shortcodes.register(FACET_SHORTCODE_TAG, createFacetShortcode(createWidgetRenderer({ config, store, facets
 * })));
 */
export function createWidgetRenderer(deps: {
  config: Config;
  store: Store;
  facets: FacetService;
}): WidgetRenderer<PageRenderContext> {
  const unkeyedInputs = (products: readonly Product[]) => lowestPriceNotesRead(deps.store, products);
  const kept = new KeptAnswers<KeptWidget>(unkeyedOfStored({ store: deps.store, unkeyedInputs }), MAX_KEPT_WIDGETS);
  return async (attributes, context, problems = []) => {
    const query = context.url.searchParams;
    await deps.facets.ready();
    // Asked of every page with forms, as when the widget was rendered for each visitor: the page is then theirs.
    const token = context.formToken?.();
    const searchQuery = () =>
      searchesQueryString(parseFacetSearches(query, deps.facets.schemaFor(deps.facets.resolveWidget(attributes))));
    const keyOf = () =>
      [
        answerEtag(deps, `${deps.facets.canonicalQuery(query, attributes)}#${searchQuery()}`),
        context.url.pathname,
        token === undefined ? '' : 'forms',
      ].join('\n');
    const widget = await kept.get(keyOf(), async () => {
      const outcome = await deps.facets.answer(query, attributes);
      // Asking may have started a rebuild: the previous index answered, under its own key (as for /filter).
      const key = keyOf();
      const { key: unkeyed, lowestPrices } = await lowestPriceNotesRead(deps.store, outcome.result.products);
      // The page's path keeps its language; its product links and forms, and the element's requests, are put in it.
      const prefix = chosenLanguagePrefix();
      const rendered = await renderFacetWidget(outcome, {
        basePath: context.url.pathname,
        endpoint: localizePath(filterEndpoint(deps.config), prefix),
        ...productDisplay(deps.store),
        lowestPrices,
        cartToken: token === undefined ? undefined : TOKEN_SLOT,
      });
      const html = localizeLinks(rendered, prefix);
      const appliedQuery = [
        toQueryString(outcome.result.state, outcome.schema),
        searchesQueryString(outcome.searches ?? {}),
      ]
        .filter(Boolean)
        .join('&');
      const pieces = html.split(TOKEN_SLOT).map((piece) => Buffer.from(piece));
      return {
        key,
        value: { pieces, appliedQuery },
        productIds: outcome.result.productIds,
        unkeyed,
      };
    });
    context.widgetQueries?.push(widget.appliedQuery);
    const bytes = withToken(widget.pieces, token);
    // A page takes the bytes as they are: joined into its strings, they were copied about five times per page.
    const html = context.holdBytes ? context.holdBytes(bytes) : Buffer.concat(bytes).toString();
    if (!context.canEdit) return html;
    const all = [
      ...problems,
      ...widgetConfigurationProblems(attributes, deps.store.catalog.data, deps.facets.config()),
    ];
    return widgetWarningHtml(all) + html;
  };
}

/** The pieces of a kept widget with the visitor's token between them. */
function withToken(pieces: Buffer[], token: string | undefined): Buffer[] {
  if (token === undefined || pieces.length === 1) return pieces;
  const filled = Buffer.from(token);
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [filled, piece]));
}

/** A facet's value search (sent by the form without JavaScript) is part of the page's address, after the state. */
function searchesQueryString(searches: Record<string, string>): string {
  return new URLSearchParams(
    Object.entries(searches).map(([facet, text]) => [facetSearchVariable(facet), text]),
  ).toString();
}
