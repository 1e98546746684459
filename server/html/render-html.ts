/** Renders a Lit template to a string on the server: the one place the pages and fragments turn templates into HTML. */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { expandTrustedHtml } from './trusted-html.js';

/**
 * Every template the server renders is synchronous (server-only templates, elements without async work), so the
 * synchronous collector is used: it skips a microtask per chunk.
 */
export async function renderToString(template: unknown): Promise<string> {
  return expandTrustedHtml(collectResultSync(render(template)));
}
