/** A DataViews view of the products list as `GET /wc/v3/products` arguments (no I/O: tested in Node). */
import type { View } from '@wordpress/dataviews';

/** The query arguments of a view; each DataViews filter maps to the wc/v3 parameter of the same meaning. */
export function productsQueryArgs(view: View): Record<string, string | number> {
  const args: Record<string, string | number> = { page: view.page ?? 1, per_page: view.perPage ?? 20 };
  if (view.search) args.search = view.search;
  for (const filter of view.filters ?? []) {
    const values = ([] as unknown[])
      .concat(filter.value ?? [])
      .map(String)
      .filter(Boolean);
    if (values.length === 0) continue;
    if (filter.field === 'categories') args.category = values.join(',');
    if (filter.field === 'stock_status') args.stock_status = values[0]!;
    if (filter.field === 'on_sale') args.on_sale = values[0]!;
  }
  return args;
}
