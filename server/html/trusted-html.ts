/**
 * Puts HTML that the server built itself into a Lit server template without Lit SSR parsing it again.
 *
 * Lit SSR treats `unsafeHTML` content as a template: it runs the whole string through an HTML parser on every
 * render (measured: most of the cost of a `/filter` answer) and would render a server-rendered custom element in it a
 * second time. Instead, `trustedHtml` parks the HTML and returns a plain-text marker, which Lit prints unchanged, and
 * {@link expandTrustedHtml} swaps each marker for its HTML after rendering. Markers carry a per-process secret, so
 * text from the catalog can never pose as one.
 */
import { randomBytes } from 'node:crypto';

const SECRET = randomBytes(16).toString('hex');
const PREFIX = `vitrine-trusted-${SECRET}-`;
const MARKERS = new RegExp(`${PREFIX}(\\d+)-end`, 'g');
/** A marker that is never rendered (a template built and dropped) must not hold its HTML forever. */
const MAX_PARKED = 10_000;

const parked = new Map<number, string>();
let nextId = 0;

/**
 * @param markup HTML that is already safe: built by the server with every text escaped.
 * @example html`<ul>${trustedHtml(items.map(itemHtml).join(''))}</ul>`
 */
export function trustedHtml(markup: string): string {
  const id = nextId++;
  parked.set(id, markup);
  if (parked.size > MAX_PARKED) parked.delete(parked.keys().next().value!);
  return `${PREFIX}${id}-end`;
}

/** Replaces the markers in rendered HTML by the HTML they stand for, once each. */
export function expandTrustedHtml(rendered: string): string {
  if (!rendered.includes(PREFIX)) return rendered;
  return rendered.replace(MARKERS, (marker, id: string) => {
    const markup = parked.get(Number(id));
    if (markup === undefined) return marker;
    parked.delete(Number(id));
    return markup;
  });
}
