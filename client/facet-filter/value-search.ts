/**
 * A facet's value search in the browser: as the shopper types in "Search brands", the element asks
 * `GET /facet/v1/facets/{name}/values` under the current filter state and lists the answer in place of the facet's
 * values; an empty box brings the server's list back. Checking a found value is then an ordinary form change.
 * Written small on purpose: the storefront's script has a 12 KiB budget.
 */
import type { FacetValueSearchResponse } from '../api/facets.js';

/** The server's list of a facet, kept while a search replaces it. */
const originals = new WeakMap<HTMLElement, string>();

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Lists the values of the facet of `lists` (`[data-values-of]`) that match `text`, as the server writes a value;
 * selected values stay, matching or not, so that they can be undone. An empty text restores the server's list.
 * @param endpoint the element's `/filter` address; the values endpoint is beside it, in either REST form
 * @param state the canonical query of the current state
 * @throws on an HTTP error or abort (the server's list then stays)
 */
export async function searchValues(lists: HTMLElement, endpoint: string, text: string, state: string, category: string, signal: AbortSignal): Promise<void> {
  const { valuesOf, input, counts } = lists.dataset;
  if (!originals.has(lists)) originals.set(lists, lists.innerHTML);
  if (!text) return void (lists.innerHTML = originals.get(lists)!);
  const url = new URL(endpoint.replace(/\/filter\b/, `/facets/${valuesOf}/values`), location.href);
  new URLSearchParams(`${state}&per_page=30&category=${encodeURIComponent(category)}`).forEach((value, name) => url.searchParams.append(name, value));
  url.searchParams.set('search', text);
  const response = await fetch(url, { signal });
  if (!response.ok) throw Error();
  const { values, total } = (await response.json()) as FacetValueSearchResponse;
  const found = new Set(values.map((item) => item.value));
  const kept = [...lists.querySelectorAll<HTMLInputElement>('input:checked')].filter((box) => box.value && !found.has(box.value));
  lists.innerHTML = `<ul class="facet-filter__values" role="list">${values.map((item) => `<li class="facet-filter__value${item.count ? '' : ' facet-filter__value--empty'}"><label class="facet-filter__choice"><input class="facet-filter__input" type="${input}" name="sf_${valuesOf}" value="${escape(item.value)}"${item.selected ? ' checked' : item.count ? '' : ' disabled'}><span class="facet-filter__label">${escape(item.label)}</span>${counts === 'shown' ? ` <span class="facet-filter__count">(${item.count})</span>` : ''}</label></li>`).join('')}</ul><p class="facet-filter__omitted" role="status">${total ? (total > values.length ? `${total - values.length} more: type more.` : '') : 'No match.'}</p>`;
  for (const box of kept) lists.firstElementChild!.append(box.closest('li')!);
}
