/**
 * The product-safety report (compliance/v1 `GET /product-safety`): the published products whose GPSR information is
 * incomplete, so that a manager fills it in instead of discovering the gap from a product page that shows nothing.
 * The manufacturer's name, postal and electronic address are always required (GPSR article 19); a responsible person
 * in the EU only when the manufacturer is outside it, which the shop cannot tell, so it is reported, not demanded.
 */
import type { IncompleteSafetyProduct, ProductSafetyReport } from '../../../client/api/compliance-reports.js';
import type { Product } from '../../catalog/model.js';
import { SAFETY_META_KEYS } from '../../catalog/product-safety.js';
import { publishedProducts } from '../../catalog/public-catalog.js';
import type { Config } from '../../config.js';
import type { Store } from '../../store/store.js';
import { moduleDisabled } from '../compliance-errors.js';
import { productUrl } from '../product-search.js';

const REQUIRED = [
  SAFETY_META_KEYS.manufacturerName,
  SAFETY_META_KEYS.manufacturerAddress,
  SAFETY_META_KEYS.manufacturerContact,
];

export type { IncompleteSafetyProduct, ProductSafetyReport };

const filled = (product: Product, key: string): boolean => (product.meta?.[key] ?? '').trim() !== '';

/**
 * @throws ConflictError (409) `compliance_module_disabled` when `compliance.gpsr_enabled` is off
 * @example productSafetyReport(store, config).products[0].missing // ['gpsr_manufacturer_contact']
 */
export function productSafetyReport(store: Store, config: Config): ProductSafetyReport {
  if (!store.site.data.settings.compliance.gpsr_enabled)
    throw moduleDisabled('product safety', 'compliance.gpsr_enabled');
  const published = publishedProducts(store.catalog.data.products);
  const products = published.flatMap((product) => {
    const missing = REQUIRED.filter((key) => !filled(product, key));
    return missing.length === 0
      ? []
      : [
          {
            id: product.id,
            title: product.title,
            sku: product.sku,
            url: productUrl(config, product),
            missing,
            has_responsible_person: filled(product, SAFETY_META_KEYS.responsibleName),
          },
        ];
  });
  return { products, total: products.length, checked: published.length };
}
