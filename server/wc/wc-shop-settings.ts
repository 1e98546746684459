/**
 * WooCommerce's settings over the shop's: each WooCommerce setting either is a shop setting (kept in a group of
 * settings-schema.ts, with its value converted: `yes`/`no` for a boolean, text for a number) or follows from how the
 * shop works (weights in kg, the decimals of the currency) and so accepts only its current value. Writes go through
 * the shop's own validation, all of one request at once: any bad value refuses the whole request, nothing stored.
 * Used by `settings` and `payment_gateways`. Knows nothing of Koa.
 */
import {
  findSettingsGroup,
  settingProblem,
  type SettingDefinition,
  type SettingValue,
  type SettingsByKey,
  type SettingsGroupId,
} from '../store/settings-schema.js';
import type { SiteData } from '../store/schema.js';
import type { Store } from '../store/store.js';
import { RestError } from '../rest/errors.js';

/** Where a WooCommerce setting lives in the shop, and how its value reads in WooCommerce's terms. */
export interface KeptSetting {
  group: SettingsGroupId;
  key: string;
  /** The WooCommerce value of the shop's; identity when absent. */
  toWc?: (value: SettingValue) => string;
  /** The shop's value of a WooCommerce one (a string, or a number or boolean as clients may send them). */
  fromWc?: (value: unknown) => unknown;
}

/** A WooCommerce setting the shop has no place for: its value follows from the shop and is not set here. */
export interface FixedSetting {
  value: (site: Readonly<SiteData>) => string;
  /** What to change instead, for the refusal: "it follows from the currency". */
  why: string;
}

export type SettingSource = { kept: KeptSetting } | { fixed: FixedSetting };

/**
 * One change a request asks for: the source, the value sent, and the name to refuse it by (`value`, `settings.iban`).
 */
export interface SettingWrite {
  name: string;
  source: SettingSource;
  value: unknown;
}

const definitionOf = (kept: KeptSetting): SettingDefinition => {
  const definition = findSettingsGroup(kept.group)?.settings[kept.key];
  if (!definition) throw new Error(`${kept.group}.${kept.key} is not a setting of the shop.`);
  return definition;
};

/** The shop's value of a kept setting: stored, or its default. */
export function shopValue(site: Readonly<SiteData>, kept: KeptSetting): SettingValue {
  // WooCommerce's settings are mapped to the shop's by key at run time, so they are read through the by-key view.
  const settings: Readonly<SettingsByKey> = site.settings;
  return settings[kept.group]?.[kept.key] ?? definitionOf(kept).default;
}

export function wcValue(site: Readonly<SiteData>, source: SettingSource): string {
  if ('fixed' in source) return source.fixed.value(site);
  const value = shopValue(site, source.kept);
  return source.kept.toWc ? source.kept.toWc(value) : String(value);
}

export function wcDefault(source: SettingSource, site: Readonly<SiteData>): string {
  if ('fixed' in source) return source.fixed.value(site);
  const fallback = definitionOf(source.kept).default;
  return source.kept.toWc ? source.kept.toWc(fallback) : String(fallback);
}

/** WooCommerce's checkbox values. */
export const yesNo: Pick<KeptSetting, 'toWc' | 'fromWc'> = {
  toWc: (value) => (value === true ? 'yes' : 'no'),
  fromWc: (value) => (value === 'yes' || value === true ? true : value === 'no' || value === false ? false : value),
};

/** A number kept as a number, sent by WooCommerce clients as text. */
export const numeric: Pick<KeptSetting, 'toWc' | 'fromWc'> = {
  toWc: (value) => String(value),
  fromWc: (value) =>
    typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value,
};

export const invalidSettingValue = (problems: Record<string, string>) =>
  new RestError(
    'rest_setting_value_invalid',
    `An invalid setting value was passed: ${Object.keys(problems).join(', ')}.`,
    400,
    { params: problems },
  );

/**
 * Checks every write with the shop's validation, then stores them all in one change of the site.
 * @throws RestError 400 `rest_setting_value_invalid` naming every bad value in `data.params`; nothing is stored then
 */
export async function writeSettings(store: Store, writes: readonly SettingWrite[]): Promise<void> {
  const problems: Record<string, string> = {};
  const accepted: { kept: KeptSetting; value: SettingValue }[] = [];
  for (const write of writes) {
    if ('fixed' in write.source) {
      const current = write.source.fixed.value(store.site.data);
      if (String(write.value) !== current)
        problems[write.name] = `${write.name} is "${current}" here and cannot be changed: ${write.source.fixed.why}.`;
      continue;
    }
    const { kept } = write.source;
    const value = kept.fromWc ? kept.fromWc(write.value) : write.value;
    const problem = settingProblem(kept.key, definitionOf(kept), value);
    if (problem) problems[write.name] = `${write.name}: ${problem}`;
    else accepted.push({ kept, value: value as SettingValue });
  }
  if (Object.keys(problems).length) throw invalidSettingValue(problems);
  const changed = accepted.filter(({ kept, value }) => shopValue(store.site.data, kept) !== value);
  if (changed.length === 0) return;
  await store.site.update((site) => {
    // Each value was checked against its definition above, so the typed settings stay true to their types.
    const settings: SettingsByKey = site.settings;
    for (const { kept, value } of changed) settings[kept.group] = { ...settings[kept.group], [kept.key]: value };
  });
}
