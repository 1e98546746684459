/** What the manager reads for each KSeF status of an invoice. */
import { __ } from '@wordpress/i18n';
import type { KsefStatus } from '../../api/invoices.js';

export const KSEF_STATUS_LABELS: Record<KsefStatus, string> = {
  not_applicable: __('Not for KSeF'),
  queued: __('Waiting to be sent'),
  offline: __('Issued offline, waiting for KSeF'),
  accepted: __('In KSeF'),
  rejected: __('Refused by KSeF'),
};
