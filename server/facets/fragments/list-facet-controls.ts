/**
 * The controls of one list facet inside the widget's GET form, by facet type: checkboxes (and the indented category
 * tree), radio buttons, rating thresholds, a dropdown and a single toggle. Every input is named `sf_<facet>` with the
 * value slug, so the form submitted without JavaScript produces exactly the URL variables the codec reads.
 * Inputs sit inside their labels: no ids are needed, so two widgets on one page cannot collide.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { escapeAttribute, escapeHtml } from '../../../client/html/escape.js';
import { EMPTY_HTML, rawHtml, safeHtml as html } from '../../html/safe-html.js';
import { FACET_PREFIX } from '../../../client/facet-filter/query-state.js';
import type { ListFacetResult } from '../engine/engine.js';
import { formatCount } from './fragment-context.js';
import { visibleFacetValues, type VisibleFacetValue } from './visible-facet-values.js';
import { facetSearchBoxHtml, searchedFacetValues } from './facet-value-search-box.js';
import { swatchColour } from '../swatch-colours.js';
import { valueLabel } from './value-label.js';

/** Five stars, the first `rating` filled; decorative, since the text beside them says the same in words. */
export function starsHtml(rating: number): string {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return `<span class="facet-filter__stars" aria-hidden="true">${'★'.repeat(filled)}${'☆'.repeat(5 - filled)}</span>`;
}

/** Counts whose badge is kept per locale: the small ones nearly every facet value shows. */
const KEPT_BADGE_COUNTS = 4096;

interface LocaleBadges {
  /** The badge of each count under KEPT_BADGE_COUNTS, made on first use. */
  kept: string[];
  /** The word after a count ("produkty", "produktów") by the count's plural category: the message has no number. */
  words: Partial<Record<Intl.LDMLPluralRule, string>>;
  rules: Intl.PluralRules;
}

const badgesByLocale = new Map<string, LocaleBadges>();

function localeBadges(locale: string | undefined): LocaleBadges {
  let badges = badgesByLocale.get(locale ?? '');
  if (!badges) {
    const { language, forms } = translatorOfLocale(locale);
    badges = { kept: [], words: forms('facets.productsWord'), rules: new Intl.PluralRules(language) };
    badgesByLocale.set(locale ?? '', badges);
  }
  return badges;
}

/** The `(12)` after a label; hidden when the facet is configured without counts. */
function countBadgeHtml(facet: ListFacetResult, count: number, locale?: string): string {
  if (!facet.definition.show_counts) return '';
  const badges = localeBadges(locale);
  const kept = count >= 0 && count < KEPT_BADGE_COUNTS && Number.isInteger(count);
  if (kept && badges.kept[count] !== undefined) return badges.kept[count]!;
  const products = badges.words[badges.rules.select(count)] ?? badges.words.other ?? '';
  const badge = ` <span class="facet-filter__count">(${escapeHtml(formatCount(count, locale))}<span class="screen-reader-text"> ${escapeHtml(products)}</span>)</span>`;
  if (kept) badges.kept[count] = badge;
  return badge;
}

/**
 * What a value's row shows whatever its count and selection: its input's name and value, its depth, swatch, stars
 * and label, escaped once. Made per facet definition (one object per saved configuration), input type and locale.
 */
interface FixedRow {
  label: string;
  depth: number;
  /** From after the row's class for an empty value to before ` checked`. */
  head: string;
  /** From after ` disabled` to the count badge. */
  tail: string;
}

/** Per facet definition, per input type and locale, each value's fixed row by the value. */
const fixedRows = new WeakMap<ListFacetResult['definition'], Map<string, Map<string, FixedRow>>>();

function fixedRowsOf(
  definition: ListFacetResult['definition'],
  inputType: 'checkbox' | 'radio',
  locale: string | undefined,
): Map<string, FixedRow> {
  let byKind = fixedRows.get(definition);
  if (!byKind) fixedRows.set(definition, (byKind = new Map()));
  const kind = `${inputType}\n${locale ?? ''}`;
  let rows = byKind.get(kind);
  if (!rows) byKind.set(kind, (rows = new Map()));
  return rows;
}

function fixedRow(
  facet: ListFacetResult,
  item: VisibleFacetValue,
  rows: Map<string, FixedRow>,
  inputType: 'checkbox' | 'radio',
  locale: string | undefined,
): FixedRow {
  const known = rows.get(item.value);
  // A value's label and depth come from the index, which a rebuild may change under the same configuration.
  if (known && known.label === item.label && known.depth === item.depth) return known;
  const name = escapeAttribute(FACET_PREFIX + facet.definition.name);
  const stars = facet.definition.type === 'rating' ? starsHtml(Number(item.value)) : '';
  // A swatch is the input itself, drawn in the value's colour; the name stays in the label, read by screen readers,
  // shown as a tooltip, and in forced-colors (high-contrast) mode, where colours give way to the system's.
  const colour = swatchColour(facet.definition, item.value, item.label);
  // A tree's rows say their depth (its indent); a flat list's would say 0 on every row of every answer.
  const style = [
    facet.definition.type === 'hierarchy' ? `--facet-filter-depth: ${item.depth}` : '',
    colour ? `--facet-filter-swatch: ${escapeAttribute(colour)}` : '',
  ].filter(Boolean);
  const label = valueLabel(facet.definition, item.value, item.label, locale);
  const row: FixedRow = {
    label: item.label,
    depth: item.depth,
    head:
      `${colour ? ' facet-filter__value--swatch' : ''}"${style.length ? ` style="${style.join('; ')}"` : ''}>` +
      `<label class="facet-filter__choice"${colour ? ` title="${escapeAttribute(label)}"` : ''}><input class="facet-filter__input" type="${inputType}" name="${name}" value="${escapeAttribute(item.value)}"`,
    tail: ` />${stars}<span class="facet-filter__label">${escapeHtml(label)}</span>`,
  };
  rows.set(item.value, row);
  return row;
}

/**
 * One value of a facet as HTML. A facet may list a hundred values and this runs for each on every `/filter` answer,
 * so it joins the value's fixed markup (made once, every text through the escape module) with what its count and
 * selection change, instead of a Lit template per value, which measured several times slower here.
 */
function choiceHtml(
  facet: ListFacetResult,
  item: VisibleFacetValue,
  rows: Map<string, FixedRow>,
  inputType: 'checkbox' | 'radio',
  locale?: string,
): string {
  const { head, tail } = fixedRow(facet, item, rows, inputType, locale);
  // A value that would give no results is shown (hide_empty off) but not offered: no way to an empty page. A selected
  // one stays enabled, so that it can be undone.
  const disabled = item.count === 0 && !item.selected ? ' disabled' : '';
  return (
    `<li class="facet-filter__value${item.count === 0 ? ' facet-filter__value--empty' : ''}${head}` +
    `${item.selected ? ' checked' : ''}${disabled}${tail}${countBadgeHtml(facet, item.count, locale)}</label></li>`
  );
}

/** The "Any" radio that clears a single-choice facet. */
function anyChoiceTemplate(facet: ListFacetResult, locale?: string) {
  return html`<li class="facet-filter__value">
    <label class="facet-filter__choice">
      <input class="facet-filter__input" type="radio" name="${FACET_PREFIX + facet.definition.name}" value=""${facet.selected.length === 0 ? ' checked' : ''} />
      <span class="facet-filter__label">${translatorOfLocale(locale).t('facets.any')}</span>
    </label>
  </li>`;
}

function choiceListTemplate(facet: ListFacetResult, inputType: 'checkbox' | 'radio', locale?: string, search = '') {
  const visible = visibleFacetValues(facet);
  // A search box when the facet shows fewer values than it has (not for trees and star ratings, which are short).
  const searchable =
    facet.definition.type !== 'hierarchy' &&
    facet.definition.type !== 'rating' &&
    (search !== '' || visible.more.length > 0 || visible.omitted > 0);
  const { shown, more, omitted } = search && searchable ? searchedFacetValues(facet, search, locale) : visible;
  const rows = fixedRowsOf(facet.definition, inputType, locale);
  const list = (items: VisibleFacetValue[]) => {
    let markup = '';
    for (const item of items) markup += choiceHtml(facet, item, rows, inputType, locale);
    return rawHtml(markup);
  };
  // A tree keeps its order, so its selection may sit behind "show more": open the disclosure then.
  const moreHoldsSelection = more.some((item) => item.selected);
  // Swatches line up in a row (values without a colour among them keep their name).
  const listClass = `facet-filter__values${facet.definition.swatches ? ' facet-filter__values--swatches' : ''}`;
  const { t } = translatorOfLocale(locale);
  const count = (value: number) => ({ count: value, formatted: formatCount(value, locale) });
  return html`<div class="facet-filter__choices">${searchable ? rawHtml(facetSearchBoxHtml(facet, search, locale)) : ''}<ul class="${listClass}" role="list">
      ${inputType === 'radio' ? anyChoiceTemplate(facet, locale) : ''}${list(shown)}
    </ul>${search && omitted ? html`<p class="facet-filter__omitted">${t('facets.moreMatch', count(omitted))}</p>` : ''}${
      !search && more.length
        ? html`<details class="facet-filter__more"${moreHoldsSelection ? ' open' : ''}>
          <summary class="facet-filter__more-toggle">${t('facets.showMore', count(more.length))}</summary>
          <ul class="${listClass}" role="list">${list(more)}</ul>
          ${omitted ? html`<p class="facet-filter__omitted">${t('facets.moreNotListed', count(omitted))}</p>` : ''}
        </details>`
        : ''
    }</div>`;
}

function dropdownTemplate(facet: ListFacetResult, locale?: string) {
  const { shown, more } = visibleFacetValues(facet);
  return html`<label class="facet-filter__select-label">
    <span class="screen-reader-text">${facet.definition.label}</span>
    <select class="facet-filter__select" name="${FACET_PREFIX + facet.definition.name}">
      <option value=""${facet.selected.length === 0 ? ' selected' : ''}>${translatorOfLocale(locale).t('facets.any')}</option>
      ${[...shown, ...more].map((item) => html`<option value="${item.value}"${item.selected ? ' selected' : ''}${item.count === 0 && !item.selected ? ' disabled' : ''}>${valueLabel(facet.definition, item.value, item.label, locale)}${facet.definition.show_counts ? ` (${formatCount(item.count, locale)})` : ''}</option>`)}
    </select>
  </label>`;
}

/** A single switch for the facet's first value, e.g. "In stock"; its opposite is not offered. */
function toggleTemplate(facet: ListFacetResult, locale?: string) {
  const first = facet.values[0];
  if (!first) return EMPTY_HTML;
  const item = {
    value: first.value,
    label: first.label,
    depth: 0,
    count: facet.counts[0] ?? 0,
    selected: facet.selected.includes(first.value),
  };
  return html`<ul class="facet-filter__values" role="list">${rawHtml(choiceHtml(facet, item, fixedRowsOf(facet.definition, 'checkbox', locale), 'checkbox', locale))}</ul>`;
}

/**
 * The controls of a list facet by its type.
 *
 * @param search the facet's value search (`sf_<facet>_search`), for a page loaded without JavaScript
 * @example listFacetControls(result.facets[0] as ListFacetResult)
 */
export function listFacetControls(facet: ListFacetResult, locale?: string, search?: string) {
  switch (facet.definition.type) {
    case 'radio':
    case 'rating':
      return choiceListTemplate(facet, 'radio', locale, search);
    case 'dropdown':
      return dropdownTemplate(facet, locale);
    case 'toggle':
      return toggleTemplate(facet, locale);
    default:
      return choiceListTemplate(facet, 'checkbox', locale, search);
  }
}
