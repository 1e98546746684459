import type { SiteData } from './schema.js';

/** The next id of a site collection; ids are never reused after a delete. Call inside `store.site.update`. */
export function nextId(site: Pick<SiteData, 'last_ids'>, collection: keyof SiteData['last_ids']): number {
  site.last_ids[collection] += 1;
  return site.last_ids[collection];
}
