/** Renders a Lit template to a string on the server: the one place the pages and fragments turn templates into HTML. */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';

export function renderToString(template: unknown): Promise<string> {
  return collectResult(render(template));
}
