/** The pages list's columns: what a DataViews field needs to show, search, filter and sort each one. */
import type { Field } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import type { RestPage } from '../../api/pages.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { formatShopDateTime } from '../locale/shop-time.js';

export const STATUS_LABELS: Record<RestPage['status'], string> = {
  publish: __('Published'),
  draft: __('Draft'),
  trash: __('Trash'),
};

export const pageFields: Field<RestPage>[] = [
  {
    id: 'title',
    label: __('Title'),
    enableHiding: false,
    enableGlobalSearch: true,
    getValue: ({ item }) => item.title.raw,
    render: ({ item }) => (
      <a
        href={screenPath('pages', item.id)}
        onClick={(event) => {
          event.preventDefault();
          navigate(screenPath('pages', item.id));
        }}
      >
        {item.title.raw || __('(no title)')}
      </a>
    ),
  },
  { id: 'slug', label: __('Slug'), enableGlobalSearch: true, getValue: ({ item }) => item.slug },
  {
    id: 'status',
    label: __('Status'),
    getValue: ({ item }) => item.status,
    elements: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
    filterBy: { operators: ['isAny'] },
  },
  {
    id: 'modified',
    label: __('Last modified'),
    type: 'datetime',
    getValue: ({ item }) => item.modified,
    render: ({ item }) => formatShopDateTime(item.modified),
  },
];
