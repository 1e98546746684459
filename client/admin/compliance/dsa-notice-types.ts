/** compliance/v1 `dsa-notices` as the admin reads them (server/compliance/dsa-notice-rest-routes.ts). */
import { __ } from '@wordpress/i18n';

export type DsaNoticeStatus = 'received' | 'in_review' | 'actioned' | 'rejected';

export interface DsaNotice {
  id: number;
  reference: string;
  status: DsaNoticeStatus;
  product_id: number;
  url: string;
  explanation: string;
  name: string;
  email: string;
  good_faith: boolean;
  /** Shop time, `2026-05-01T12:00:00`. */
  created_at: string;
  updated_at: string;
  decision_note: string;
}

export const DSA_STATUS_LABELS: Record<DsaNoticeStatus, string> = {
  received: __('Received'),
  in_review: __('In review'),
  actioned: __('Actioned (content restricted)'),
  rejected: __('Rejected (no action)'),
};
