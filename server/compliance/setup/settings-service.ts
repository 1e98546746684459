/**
 * Settings groups: list, read, and all-or-nothing update validated against the schema in
 * server/store/settings-schema.ts, the one place where keys, types, defaults and bounds live.
 */
import type { SettingsGroupSummary, SettingsUpdateResult } from '../../../client/api/compliance.js';
import { InvalidInputError } from '../../errors/domain-errors.js';
import type { Store } from '../../store/store.js';
import {
  SETTINGS_GROUPS,
  findSettingsGroup,
  settingProblem,
  type SettingsByKey,
  type SettingValue,
  type SettingsGroupDefinition,
} from '../../store/settings-schema.js';
import { invalidGroup } from '../compliance-errors.js';

export type { SettingsGroupSummary, SettingsUpdateResult };

/** Every settings group, in display order. */
export function listSettingsGroups(): { groups: SettingsGroupSummary[] } {
  return { groups: SETTINGS_GROUPS.map(({ id, label, description }) => ({ id, label, description })) };
}

function groupOrThrow(groupId: string): SettingsGroupDefinition {
  const group = findSettingsGroup(groupId);
  if (!group) throw invalidGroup(groupId);
  return group;
}

/** The stored values of a group, with the default for any key the stored data lacks (a key added by an upgrade). */
function currentValues(store: Store, group: SettingsGroupDefinition): Record<string, SettingValue> {
  const stored: Readonly<Record<string, SettingValue>> = store.site.data.settings[group.id] ?? {};
  return Object.fromEntries(
    Object.entries(group.settings).map(([key, definition]) => [key, stored[key] ?? definition.default]),
  );
}

/**
 * @throws NotFoundError (404) `compliance_invalid_group` for an unknown group
 */
export function readSettingsGroup(
  store: Store,
  groupId: string,
): { group: string; settings: Record<string, SettingValue> } {
  const group = groupOrThrow(groupId);
  return { group: group.id, settings: currentValues(store, group) };
}

/**
 * Applies `values` to a group if every key is known and every value valid; otherwise changes nothing.
 * Keys starting with `_` are transport parameters (as in the REST framework), not settings, and are ignored.
 *
 * @returns `changes` holds only the keys whose value really changed; `updated` is false when there are none
 * @throws NotFoundError (404) `compliance_invalid_group`, or 400 `rest_invalid_param` naming every bad key at once
 * @example await updateSettingsGroup(store, 'compliance', { omnibus_days: 60 }) // { updated: true, group:
 * 'compliance', changes: { omnibus_days: 60 } }
 */
export async function updateSettingsGroup(
  store: Store,
  groupId: string,
  values: Record<string, unknown>,
): Promise<SettingsUpdateResult> {
  const group = groupOrThrow(groupId);
  const problems: Record<string, string> = {};
  const accepted: Record<string, SettingValue> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith('_')) continue;
    // Own keys only: `constructor` or `toString` would otherwise find Object.prototype's and be stored.
    const definition = Object.hasOwn(group.settings, key) ? group.settings[key] : undefined;
    if (!definition) {
      // The group's settings are listed by GET compliance/v1/settings/<group>, not in every problem: a body of many
      // unknown keys would otherwise be answered with the list fifty times over.
      problems[key] =
        `${key} is not a setting of the group ${group.id} (GET /compliance/v1/settings/${group.id} lists them).`;
      continue;
    }
    const problem = settingProblem(key, definition, value);
    if (problem) problems[key] = problem;
    else accepted[key] = value as SettingValue;
  }
  if (Object.keys(problems).length) throw new InvalidInputError(problems);
  const current = currentValues(store, group);
  const changes = Object.fromEntries(Object.entries(accepted).filter(([key, value]) => current[key] !== value));
  // Saving the compliance group, even unchanged, is the manager's review of it: the setup's compliance step is done.
  const reviewed = group.id === 'compliance';
  if (Object.keys(changes).length || reviewed) {
    await store.site.update((site) => {
      // Every value in `changes` passed its definition's check above, so the group keeps the schema's types.
      const settings: SettingsByKey = site.settings;
      settings[group.id] = { ...settings[group.id], ...changes };
      if (reviewed) site.wizard.reviewed = { ...site.wizard.reviewed, compliance: new Date().toISOString() };
    });
  }
  return { updated: Object.keys(changes).length > 0, group: group.id, changes };
}
