/**
 * The green-claims report (compliance/v1 `GET /green-claims`): every product whose title or description makes a
 * generic environmental claim, with each phrase in context, for a manager to reword before the ban applies.
 */
import type { GreenClaim, GreenClaimProduct, GreenClaimsReport } from '../../../client/api/compliance-reports.js';
import type { Product } from '../../catalog/model.js';
import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { moduleDisabled } from '../compliance-errors.js';
import { findGreenClaims } from './green-claims.js';
import { productUrl } from '../product-search.js';

export type { GreenClaimProduct, GreenClaimsReport };
export type GreenClaimFinding = GreenClaim;

function claimsOf(product: Product): GreenClaimFinding[] {
  // "Green" on a product whose colour is Green names its colour, not an environmental virtue.
  const ownColours = Object.values(product.attributes).flat();
  return (['title', 'description'] as const).flatMap((field) =>
    findGreenClaims(product[field], ownColours).map(({ index: _index, ...hit }) => ({ field, ...hit })),
  );
}

/**
 * @throws ConflictError (409) `compliance_module_disabled` when `compliance.greenwashing_enabled` is off
 * @example greenClaimsReport(store, config).products[0].claims[0].context // '…made from eco-friendly cotton…'
 */
export function greenClaimsReport(store: Store, config: Config): GreenClaimsReport {
  if (!store.site.data.settings.compliance.greenwashing_enabled) {
    throw moduleDisabled('green claims', 'compliance.greenwashing_enabled');
  }
  const { products } = store.catalog.data;
  const flagged: GreenClaimProduct[] = [];
  for (const product of products) {
    const claims = claimsOf(product);
    if (claims.length)
      flagged.push({
        id: product.id,
        title: product.title,
        sku: product.sku,
        url: productUrl(config, product),
        claims,
      });
  }
  return { products: flagged, total: flagged.length, checked: products.length };
}
