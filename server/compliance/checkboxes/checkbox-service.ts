/**
 * Legal checkboxes: the list, one checkbox with its statistics, updates, and the statistics of all. The checkboxes
 * are part of the site state; their counters are kept by the consent repository, raised on every form submission.
 */
import type { CheckboxDetail, CheckboxStats, RestCheckbox } from '../../../client/api/compliance.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import type { Store } from '../../store/store.js';
import { CHECKBOX_LOCATIONS, type Checkbox, type CheckboxCounters, type CheckboxLocation } from '../../store/schema.js';
import { nextId } from '../../store/next-id.js';
import { checkboxNotFound } from '../compliance-errors.js';
import { shopLocalTime } from '../shop-context.js';

export type { CheckboxDetail, CheckboxStats };
export type CheckboxSummary = RestCheckbox;

/** The fields PUT /checkboxes/{id} may change (docs/architecture.md). */
export type CheckboxChanges = Partial<
  Pick<Checkbox, 'label' | 'required' | 'enabled' | 'position' | 'location' | 'legal_page_id'>
>;

/** Display order: checkout, registration, contact; within a location by position, then id. */
function byDisplayOrder(a: Checkbox, b: Checkbox): number {
  return (
    CHECKBOX_LOCATIONS.indexOf(a.location) - CHECKBOX_LOCATIONS.indexOf(b.location) ||
    a.position - b.position ||
    a.id - b.id
  );
}

function summary(checkbox: Checkbox): CheckboxSummary {
  const { id, label, required, location, enabled, position, legal_page_id } = checkbox;
  return { id, label, required, location, enabled, position, legal_page_id };
}

/** @example acceptanceRate(3, 2) === 66.7 */
export function acceptanceRate(shown: number, accepted: number): number {
  return shown === 0 ? 0 : Math.round((accepted / shown) * 1000) / 10;
}

function statsOf(counters: Record<string, CheckboxCounters>, id: number): CheckboxStats {
  const key = String(id);
  const { shown, accepted } = Object.hasOwn(counters, key) ? counters[key]! : { shown: 0, accepted: 0 };
  return { total_shown: shown, total_accepted: accepted, acceptance_rate: acceptanceRate(shown, accepted) };
}

function findCheckbox(store: Store, id: number): Checkbox {
  const checkbox = store.site.data.checkboxes.find((candidate) => candidate.id === id);
  if (!checkbox) throw checkboxNotFound(id);
  return checkbox;
}

/** @param location when given, only the checkboxes shown there */
export function listCheckboxes(
  store: Store,
  location?: CheckboxLocation,
): { checkboxes: CheckboxSummary[]; total: number } {
  const checkboxes = store.site.data.checkboxes
    .filter((checkbox) => !location || checkbox.location === location)
    .sort(byDisplayOrder);
  return { checkboxes: checkboxes.map(summary), total: checkboxes.length };
}

/** @throws NotFoundError (404) `compliance_checkbox_not_found` */
export async function readCheckbox(store: Store, id: number): Promise<CheckboxDetail> {
  const checkbox = findCheckbox(store, id);
  return {
    ...summary(checkbox),
    created_at: shopLocalTime(store, checkbox.created_at),
    updated_at: shopLocalTime(store, checkbox.updated_at),
    stats: statsOf(await store.consent.counters(), id),
  };
}

export async function checkboxStatistics(
  store: Store,
): Promise<{ stats: Array<{ checkbox_id: number; label: string } & CheckboxStats> }> {
  const counters = await store.consent.counters();
  return {
    stats: [...store.site.data.checkboxes]
      .sort(byDisplayOrder)
      .map((checkbox) => ({ checkbox_id: checkbox.id, label: checkbox.label, ...statsOf(counters, checkbox.id) })),
  };
}

/**
 * The checks that need the store, shared by create and update: a label of only spaces, and a page that is not a
 * legal page. Returns the changes with the label trimmed.
 * @throws InvalidInputError (400 `rest_invalid_param`) naming each bad field
 */
function checkAgainstStore(store: Store, changes: CheckboxChanges): CheckboxChanges {
  const problems: Record<string, string> = {};
  const wanted: CheckboxChanges = { ...changes };
  if (wanted.label !== undefined) {
    wanted.label = wanted.label.trim();
    if (!wanted.label) problems.label = 'label must not be empty.';
  }
  if (wanted.legal_page_id !== undefined && wanted.legal_page_id !== 0) {
    const page = store.site.data.pages.find((candidate) => candidate.id === wanted.legal_page_id);
    if (!page?.legal_type)
      problems.legal_page_id = `legal_page_id must be the id of a legal page, or 0 for none; ${wanted.legal_page_id} is not one.`;
  }
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  return wanted;
}

/**
 * Applies changes already checked for type by the route; checks what needs the store (the legal page exists).
 * `updated_at` moves only when a value really changed.
 * @throws NotFoundError (404) for an unknown checkbox, 400 `rest_invalid_param` for a label of only spaces or a page
 * that is not a legal page
 */
export async function updateCheckbox(store: Store, id: number, changes: CheckboxChanges): Promise<CheckboxDetail> {
  const checkbox = findCheckbox(store, id);
  const wanted = checkAgainstStore(store, changes);
  const changed = (Object.keys(wanted) as (keyof CheckboxChanges)[]).filter((key) => checkbox[key] !== wanted[key]);
  if (changed.length) {
    await store.site.update((site) => {
      const current = site.checkboxes.find((candidate) => candidate.id === checkbox.id);
      if (current) Object.assign(current, wanted, { updated_at: new Date().toISOString() });
    });
  }
  return readCheckbox(store, id);
}

export type NewCheckbox = Pick<Checkbox, 'label' | 'location'> &
  Partial<Pick<Checkbox, 'required' | 'enabled' | 'position' | 'legal_page_id'>>;

/**
 * Creates a checkbox (an extension of compliance/v1: POST /checkboxes), checked as an update is. Without a
 * position it goes last in its location. Ids are never reused (`last_ids.checkbox`).
 * @throws InvalidInputError (400 `rest_invalid_param`)
 */
export async function createCheckbox(store: Store, input: NewCheckbox): Promise<CheckboxDetail> {
  const wanted = checkAgainstStore(store, input) as NewCheckbox;
  const id = await store.site.update((site) => {
    const now = new Date().toISOString();
    const sameLocation = site.checkboxes.filter((checkbox) => checkbox.location === wanted.location);
    const next = nextId(site, 'checkbox');
    site.checkboxes.push({
      id: next,
      label: wanted.label,
      location: wanted.location,
      required: wanted.required ?? false,
      enabled: wanted.enabled ?? true,
      position: wanted.position ?? Math.max(0, ...sameLocation.map((checkbox) => checkbox.position)) + 10,
      legal_page_id: wanted.legal_page_id ?? 0,
      legal_page_type: null,
      created_at: now,
      updated_at: now,
    });
    return next;
  });
  return readCheckbox(store, id);
}

/**
 * Deletes a checkbox (an extension: DELETE /checkboxes/{id}). Its consent-log records stay: they are evidence of
 * what customers agreed to, whatever happens to the checkbox later.
 * @returns WordPress's shape for a deletion: `{deleted: true, previous}`
 * @throws NotFoundError (404) for an unknown checkbox
 */
export async function deleteCheckbox(store: Store, id: number): Promise<{ deleted: true; previous: CheckboxDetail }> {
  const previous = await readCheckbox(store, id);
  await store.site.update((site) => {
    site.checkboxes = site.checkboxes.filter((checkbox) => checkbox.id !== id);
  });
  return { deleted: true, previous };
}
