/** A DataViews view of the mail log as `GET /vitrine/v1/mail` arguments (no I/O: tested in Node). */
import type { View } from '@wordpress/dataviews';
import { MAIL_STATUSES } from '../../api/mail.js';

/** The search box looks for a recipient; the status filter picks one state. */
export function mailLogQueryArgs(view: View): Record<string, string | number> {
  const args: Record<string, string | number> = { page: view.page ?? 1, per_page: view.perPage ?? 20 };
  if (view.search?.trim()) args.recipient = view.search.trim();
  const status = (view.filters ?? []).find((filter) => filter.field === 'status');
  const value = ([] as unknown[]).concat(status?.value ?? [])[0];
  if (typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value)) args.status = value;
  return args;
}
