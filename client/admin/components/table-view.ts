/**
 * The view a DataViews table opens with on the admin's screens: the first page of 20 rows, no search, no filter
 * unless the screen names one. The screen gives what sets it apart: its title, columns and sort.
 * @example const DEFAULT_VIEW = tableView({ titleField: 'name', fields: ['sku', 'price'] });
 */
import type { View, ViewTable } from '@wordpress/dataviews';

export function tableView(view: Partial<Omit<ViewTable, 'type'>>): View {
  return { type: 'table', search: '', filters: [], page: 1, perPage: 20, ...view };
}
