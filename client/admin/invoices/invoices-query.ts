/** A DataViews view of the invoices as `GET /vitrine/v1/invoices` arguments (no I/O: tested in Node). */
import type { View } from '@wordpress/dataviews';
import { INVOICE_TYPES } from '../../api/invoices.js';

/** The type filter picks invoices or corrections; the search box takes an order id. */
export function invoicesQueryArgs(view: View): Record<string, string | number> {
  const args: Record<string, string | number> = { page: view.page ?? 1, per_page: view.perPage ?? 20 };
  const order = view.search?.trim().replace(/^#/, '');
  if (order && /^\d{1,9}$/.test(order) && Number(order) > 0) args.order = Number(order);
  const type = (view.filters ?? []).find((filter) => filter.field === 'type');
  const value = ([] as unknown[]).concat(type?.value ?? [])[0];
  if (typeof value === 'string' && (INVOICE_TYPES as readonly string[]).includes(value)) args.type = value;
  return args;
}
