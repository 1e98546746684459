/**
 * Registers every compliance/v1 route (docs/compliance-v1.md lists them with the choices the spec leaves open).
 * The routes stay thin; the services beside them do the work.
 */
import type { RestRegistry } from '../rest/registry.js';
import { registerCheckboxRoutes } from './checkboxes/checkbox-routes.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { registerDsaNoticeRoutes } from './dsa-notices/dsa-notice-rest-routes.js';
import { registerGreenClaimsRoutes } from './product-reports/green-claims-routes.js';
import { registerConsentLogRoutes } from './checkboxes/consent-log-routes.js';
import { registerLegalPageRoutes } from './legal-pages/legal-page-routes.js';
import { registerProductSafetyRoutes } from './product-reports/product-safety-routes.js';
import { registerSearchRoutes } from './search-routes.js';
import { registerSettingsRoutes } from './setup/settings-routes.js';
import { registerWizardRoutes } from './setup/wizard-routes.js';

export function registerComplianceRoutes(rest: RestRegistry, dependencies: ComplianceDependencies): void {
  registerSettingsRoutes(rest, dependencies);
  registerCheckboxRoutes(rest, dependencies);
  registerConsentLogRoutes(rest, dependencies);
  registerLegalPageRoutes(rest, dependencies);
  registerSearchRoutes(rest, dependencies);
  registerWizardRoutes(rest, dependencies);
  registerGreenClaimsRoutes(rest, dependencies);
  registerDsaNoticeRoutes(rest, dependencies);
  registerProductSafetyRoutes(rest, dependencies);
}
