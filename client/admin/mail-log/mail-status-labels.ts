/** What each state of a message reads as in the mail log. */
import { __ } from '@wordpress/i18n';
import type { MailStatus } from '../../api/mail.js';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: __('Queued'),
  sending: __('Sending'),
  sent: __('Sent'),
  retrying: __('Retrying'),
  suppressed: __('Held back (recipient limit)'),
  failed: __('Failed'),
};
