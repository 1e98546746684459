/**
 * A DataViews table over a list the server pages, searches and filters (orders and products through wc/v3, the mail
 * log). The screen keeps the view (`useServerPagedView`): it fits the screen (use-fitting-view.ts), and each change
 * of it (search, filters, page) reads that page again while the page shown so far stays on screen. The table
 * (`ServerPagedDataViews`) shows a failed read's message above it and a spinner only until the first page comes.
 * @example
 * const paged = useServerPagedView(DEFAULT_VIEW, (view) => getOrdersPage(ordersQueryArgs(view)));
 * <ServerPagedDataViews paged={paged} fields={ORDER_FIELDS} actions={actions} searchLabel={__('Search orders')} />
 */
import { Notice } from '@wordpress/components';
import { DataViews, type Action, type DataViewsProps, type Field, type View } from '@wordpress/dataviews';
import type { RestListPage } from '../data/rest-client.js';
import { useRestPage } from '../data/use-rest-page.js';
import { FITTING_LAYOUTS, useFittingView } from './use-fitting-view.js';

export interface ServerPagedView<Item> {
  view: View;
  setView: (view: View) => void;
  page: RestListPage<Item> | null;
  loading: boolean;
  error: string | null;
  /** Reads the current page again (after a change made outside the table: an edit, a status change, a resend). */
  reload: () => void;
}

/**
 * @param initial the view the screen opens with
 * @param loadPage reads one page for a view, e.g. `(view) => getMailPage(mailLogQueryArgs(view))`
 */
export function useServerPagedView<Item>(
  initial: View,
  loadPage: (view: View) => Promise<RestListPage<Item>>,
): ServerPagedView<Item> {
  const [view, setView] = useFittingView(initial);
  const { page, loading, error, reload } = useRestPage(() => loadPage(view), [view]);
  return { view, setView, page, loading, error, reload };
}

/** Items are told apart by their numeric `id`, as every paged REST list here has one. */
export function ServerPagedDataViews<Item extends { id: number }>({
  paged,
  fields,
  actions,
  searchLabel,
}: {
  paged: ServerPagedView<Item>;
  fields: Field<Item>[];
  actions: Action<Item>[];
  searchLabel: string;
}) {
  const { view, setView, page, loading, error } = paged;
  const props = {
    data: page?.items ?? [],
    fields,
    view,
    onChangeView: setView,
    actions,
    isLoading: loading && page === null,
    paginationInfo: { totalItems: page?.total ?? 0, totalPages: page?.totalPages ?? 0 },
    getItemId: (item: Item) => String(item.id),
    defaultLayouts: FITTING_LAYOUTS,
    search: true,
    searchLabel,
  };
  return (
    <>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {/* DataViews asks for `getItemId` only when items lack a string `id`, which TypeScript cannot decide for `Item`. */}
      <DataViews<Item> {...(props as DataViewsProps<Item>)} />
    </>
  );
}
