/** The DSA notice statuses in words, for the list's filter and the decision's select. */
import { __ } from '@wordpress/i18n';
import type { DsaNoticeStatus } from '../../api/compliance-reports.js';

export const DSA_STATUS_LABELS: Record<DsaNoticeStatus, string> = {
  received: __('Received'),
  in_review: __('In review'),
  actioned: __('Actioned (content restricted)'),
  rejected: __('Rejected (no action)'),
};
