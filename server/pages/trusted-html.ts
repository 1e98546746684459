/**
 * Puts HTML that the server built itself into a Lit server template without Lit SSR parsing it again.
 *
 * Lit SSR treats `unsafeHTML` content as a template: it runs the whole string through an HTML parser on every
 * render (measured: most of the cost of a `/filter` answer) and would render a server-rendered custom element in it a
 * second time. Instead, `trustedHtml` returns a plain-text marker, which Lit prints unchanged, and
 * {@link expandTrustedHtml} swaps each marker for its HTML after rendering. The marker carries a per-process secret,
 * so text from the catalog can never pose as one.
 */
import { randomBytes } from 'node:crypto';

const SECRET = randomBytes(16).toString('hex');
const PREFIX = `vitrine-trusted-${SECRET}-`;
const MARKERS = new RegExp(`${PREFIX}([A-Za-z0-9_-]*)-end`, 'g');

/**
 * @param markup HTML that is already safe: built by the server with every text escaped.
 * @example html`<ul>${trustedHtml(items.map(itemHtml).join(''))}</ul>`
 */
export function trustedHtml(markup: string): string {
  return `${PREFIX}${Buffer.from(markup).toString('base64url')}-end`;
}

/** Replaces the markers in rendered HTML by the HTML they stand for. */
export function expandTrustedHtml(rendered: string): string {
  return rendered.includes(PREFIX) ? rendered.replace(MARKERS, (_, encoded: string) => Buffer.from(encoded, 'base64url').toString()) : rendered;
}
