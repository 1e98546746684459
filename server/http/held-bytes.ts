/**
 * Large parts of a page that are ready as UTF-8 bytes (the filter widget a listing embeds, kept rendered: see
 * facets/widget/widget-renderer.ts) go to the socket as they are, instead of through the page's strings.
 *
 * A page is built as strings: the content's blocks and shortcodes, the layout's template, the chrome. Every step that
 * joins, replaces or measures those strings copied the widget's 70,000 characters again: about 0.1 ms a copy (two
 * bytes a character once a name is outside Latin-1), five times a page, more than rendering the chrome. So a part
 * held here stands in the strings as a short marker, and {@link heldBytesMiddleware} writes the page's bytes with
 * the parts in place once the page is made.
 *
 * Markers carry a per-process secret and a number per response, so nothing a visitor or the catalog writes can pose
 * as one; a marker of another response, or one left in a page by mistake, is left as it is.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Middleware } from 'koa';

const PREFIX = `vitrine-held-${randomBytes(12).toString('hex')}-`;
const MARKER = new RegExp(`${PREFIX}(\\d+)-end`, 'g');

/** The parts a response holds, in the order they were held. */
type Held = Buffer[][];

/**
 * Holds bytes for the page being made in `ctx`, and answers the marker to put in its HTML in their place.
 *
 * @example bodyHtml += holdBytes(ctx, [Buffer.from('<p>'), rendered, Buffer.from('</p>')])
 */
export function holdBytes(ctx: Context, bytes: Buffer[]): string {
  const held: Held = (ctx.state.heldBytes ??= []);
  held.push(bytes);
  return `${PREFIX}${held.length - 1}-end`;
}

/** The HTML with each of the response's markers replaced by the bytes it holds, as one buffer. */
export function withHeldBytes(html: string, held: Held): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of html.matchAll(MARKER)) {
    const bytes = held[Number(match[1])];
    if (!bytes) continue;
    pieces.push(Buffer.from(html.slice(from, match.index)), ...bytes);
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(html.slice(from)));
  return Buffer.concat(pieces);
}

/**
 * Around a page route: once the page is made, a string body that holds markers becomes its bytes. Outside it, the
 * page's caching (ETag of the bytes) and compression see the page whole.
 */
export function heldBytesMiddleware(): Middleware {
  return async (ctx, next) => {
    await next();
    const held = ctx.state.heldBytes as Held | undefined;
    if (held?.length && typeof ctx.body === 'string' && ctx.body.includes(PREFIX)) {
      const type = ctx.response.get('Content-Type');
      ctx.body = withHeldBytes(ctx.body, held);
      // Koa names a buffer body application/octet-stream unless a type is set: the page's stays.
      if (type) ctx.type = type;
    }
  };
}
