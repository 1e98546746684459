/** `compliance/v1`'s reports: DSA notices and their decisions, green claims, product safety (server/compliance/). */
import type {
  DsaNotice,
  DsaNoticeList,
  DsaNoticeStatus,
  GreenClaimsReport,
  ProductSafetyReport,
} from '../../api/compliance-reports.js';
import type { SettingsGroupValues } from '../../api/compliance.js';
import { restGet, restPut } from './rest-client.js';

export const listDsaNotices = () => restGet<DsaNoticeList>('/compliance/v1/dsa-notices');

/** Records the manager's decision; a refusal names the field in `fields`. */
export const decideDsaNotice = (id: number, decision: { status: DsaNoticeStatus; decision_note: string }) =>
  restPut<DsaNotice>(`/compliance/v1/dsa-notices/${id}`, decision);

export const getGreenClaims = () => restGet<GreenClaimsReport>('/compliance/v1/green-claims');

/**
 * The green-claims report, or `'off'` when its module (compliance.greenwashing_enabled) is switched off: the setting
 * is read first, so that the screen makes no request the server would refuse (409).
 */
export async function getGreenClaimsIfOn(): Promise<GreenClaimsReport | 'off'> {
  const compliance = await restGet<SettingsGroupValues>('/compliance/v1/settings/compliance');
  return compliance.settings.greenwashing_enabled === true ? getGreenClaims() : 'off';
}
export const getProductSafety = () => restGet<ProductSafetyReport>('/compliance/v1/product-safety');
