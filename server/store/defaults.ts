/** The shop's data before anything is stored: what a new store of any kind starts from. */
import { randomBytes } from 'node:crypto';
import type { CatalogData } from './catalog-types.js';
import type { SiteData } from './schema.js';
import { defaultTaxes } from './tax-defaults.js';
import { defaultSettings, mistypedSettings, type SettingsByKey, type SettingsData } from './settings-schema.js';

export function defaultSiteData(): SiteData {
  return {
    secret: randomBytes(32).toString('base64url'),
    settings: defaultSettings(),
    pages: [],
    checkboxes: [],
    wizard: { completed: false, completed_at: null, steps: {} },
    facet_config: null,
    shipping_zones: [],
    taxes: defaultTaxes(),
    last_ids: { page: 0, checkbox: 0 },
  };
}

/** Stored settings with a default for every group and key they lack (added by an upgrade since they were saved). */
export function withDefaultSettings(stored: Partial<SettingsByKey>): SettingsData {
  const defaults: SettingsByKey = defaultSettings();
  for (const group of Object.keys(defaults) as (keyof SettingsData)[]) {
    if (Object.hasOwn(stored, group)) defaults[group] = { ...defaults[group], ...stored[group] };
  }
  // Stored values were validated against their definitions when they were saved (updateSettingsGroup); a value edited
  // by hand into the wrong type stops the read here, naming the setting, instead of reaching handlers as another type.
  const mistyped = mistypedSettings(defaults);
  if (mistyped.length > 0) throw new Error(`Stored settings of the wrong type: ${mistyped.join('; ')}.`);
  return defaults as SettingsData;
}

export function emptyCatalog(): CatalogData {
  return { categories: [], attributes: [], products: [] };
}
