/**
 * A DataViews table over a list the screen reads whole (users, pages, checkboxes, notices: lists that stay small):
 * DataViews' own `filterSortAndPaginate` searches, filters, sorts and pages it in the browser, and the table fits the
 * screen (use-fitting-view.ts). The screen keeps the view; its sibling for lists the server pages is
 * server-paged-data-views.tsx.
 * @example <BrowserPagedDataViews<RestUser> items={users} fields={fields} view={view} onChangeView={setView}
 * getItemId={(user) => String(user.id)} />
 */
import { DataViews, filterSortAndPaginate, type Action, type Field, type View } from '@wordpress/dataviews';
import { useMemo } from '@wordpress/element';
import type { ComponentType } from 'react';
import { FITTING_LAYOUTS } from './use-fitting-view.js';

export interface BrowserPagedDataViewsProps<Item> {
  /** The whole list; `fields` and `items` should stay the same objects between renders while they do not change. */
  items: Item[];
  fields: Field<Item>[];
  view: View;
  onChangeView: (view: View) => void;
  getItemId: (item: Item) => string;
  actions?: Action<Item>[];
  /** DataViews' search box, shown unless false. */
  search?: boolean;
  searchLabel?: string;
}

/**
 * DataViews' props ask for `getItemId` only of items without a string `id`, a condition TypeScript cannot settle for
 * a type parameter; the table is drawn through a plain signature, its props checked as BrowserPagedDataViewsProps,
 * whose types are DataViews' own.
 */
const Table = DataViews as unknown as ComponentType<Record<string, unknown>>;

export function BrowserPagedDataViews<Item>({ items, fields, view, ...rest }: BrowserPagedDataViewsProps<Item>) {
  const { data, paginationInfo } = useMemo(() => filterSortAndPaginate(items, view, fields), [items, view, fields]);
  const props = { ...rest, data, fields, view, paginationInfo, defaultLayouts: FITTING_LAYOUTS };
  return <Table {...props} />;
}
