/**
 * Replaces the widget's light-DOM regions with new fragments without losing the shopper's place: the focused control
 * is found again in the new markup by its name and value, and a text field keeps what was typed meanwhile and its
 * caret, so that typing in the search box while results arrive is not interrupted.
 */

export const REGION_NAMES = ['facets', 'toolbar', 'results', 'pagination'] as const;
export type RegionName = (typeof REGION_NAMES)[number];
/**
 * The regions' HTML under the names a `/filter` answer gives them (`facets_html`, …), so an answer is swapped in as it
 * is.
 */
export type RegionHtml = Record<`${RegionName}_html`, string>;

interface FocusMemory {
  region: RegionName;
  selector: string;
  /** For text fields: what is typed now, and the caret. */
  text?: { value: string; start: number | null; end: number | null };
}

function isTextField(element: Element): boolean {
  return element instanceof HTMLInputElement && ['search', 'text', 'number'].includes(element.type);
}

function rememberFocus(regions: Map<RegionName, HTMLElement>): FocusMemory | null {
  const active = document.activeElement;
  if (!active) return null;
  for (const [region, element] of regions) {
    if (!element.contains(active)) continue;
    const name = active.getAttribute('name');
    if (!name) return null;
    const value =
      active instanceof HTMLInputElement && !isTextField(active) ? `[value="${CSS.escape(active.value)}"]` : '';
    const selector = `[name="${CSS.escape(name)}"]${value}`;
    if (!isTextField(active)) return { region, selector };
    // A number input has no caret: its selectionStart reads null (and restoring skips it).
    const { value: text, selectionStart: start, selectionEnd: end } = active as HTMLInputElement;
    return { region, selector, text: { value: text, start, end } };
  }
  return null;
}

function restoreFocus(
  regions: Map<RegionName, HTMLElement>,
  memory: FocusMemory,
  typedAtRequest?: string | null,
): void {
  const target = regions.get(memory.region)?.querySelector<HTMLElement>(memory.selector);
  if (!target) return;
  // A number field shows the range applied (300 typed under a maximum of 200 applies 200–300), unless the shopper typed
  // on in it after the request; one reached after the request (Tab from the other end) shows it too.
  // A search box keeps its text, whose trailing space the server would trim mid-word.
  const field = `${target.getAttribute('name')}=`;
  if (
    memory.text &&
    target instanceof HTMLInputElement &&
    (target.type !== 'number' || (typedAtRequest?.startsWith(field) && typedAtRequest !== field + memory.text.value))
  ) {
    target.value = memory.text.value;
    if (memory.text.start !== null) target.setSelectionRange(memory.text.start, memory.text.end);
  }
  target.focus({ preventScroll: true });
}

/** The HTML each region was last given: the browser writes markup back otherwise (`<input />` as `<input>`). */
const swappedIn = new WeakMap<HTMLElement, string>();

/**
 * Swaps every region whose HTML changed. A region given the same HTML as last time keeps its elements (the facets form
 * on a page turn): an open "show more" stays open, and a long form is not parsed again.
 * @param regions the region wrappers by name (`[data-region]` children of the element)
 * @param typedAtRequest the focused field's `name=value` when the request was made
 */
export function swapRegions(
  regions: Map<RegionName, HTMLElement>,
  html: RegionHtml,
  typedAtRequest?: string | null,
): void {
  const memory = rememberFocus(regions);
  for (const [name, element] of regions) {
    const next = html[`${name}_html`];
    if (swappedIn.get(element) === next || element.innerHTML === next) continue;
    element.innerHTML = next;
    swappedIn.set(element, next);
  }
  if (memory) restoreFocus(regions, memory, typedAtRequest);
}

/** The current HTML of every region, e.g. to cache the server-rendered state for the back button. */
export function readRegions(regions: Map<RegionName, HTMLElement>): RegionHtml {
  return Object.fromEntries(
    REGION_NAMES.map((name) => [`${name}_html`, regions.get(name)?.innerHTML ?? '']),
  ) as RegionHtml;
}
