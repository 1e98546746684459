/** The contents of each data file before anything is stored in it. */
import { randomBytes } from 'node:crypto';
import type { CatalogData } from '../catalog/model.js';
import type { SiteData, StatsData } from './schema.js';
import { defaultSettings } from './settings-schema.js';

export function defaultSiteData(): SiteData {
  return {
    schema_version: 1,
    secret: randomBytes(32).toString('base64url'),
    settings: defaultSettings(),
    users: [],
    sessions: [],
    pages: [],
    checkboxes: [],
    wizard: { completed: false, completed_at: null, steps: {} },
    facet_config: null,
    last_ids: { user: 0, page: 0, checkbox: 0 },
  };
}

export function emptyCatalog(): CatalogData {
  return { categories: [], attributes: [], products: [] };
}

export function defaultStatsData(): StatsData {
  return { checkboxes: {} };
}
