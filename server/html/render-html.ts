/** Renders a Lit template to a string on the server: the one place the pages and fragments turn templates into HTML. */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { expandTrustedHtml } from './trusted-html.js';

/**
 * What Lit's server rendering leaves where a server-only template ends with a part (`<p>${x}</p>${y}`): a marker for
 * no one (these templates are never hydrated), which HTML validators flag. Text never holds it: a `<` in a value is
 * escaped. Trusted HTML is put in after it is taken out, so the server's own markup is left as it is.
 */
const EMPTY_PART_MARKER = '<?>';

/**
 * Every template the server renders is synchronous (server-only templates, elements without async work), so the
 * synchronous collector is used: it skips a microtask per chunk.
 */
export async function renderToString(template: unknown): Promise<string> {
  return expandTrustedHtml(collectResultSync(render(template)).replaceAll(EMPTY_PART_MARKER, ''));
}
