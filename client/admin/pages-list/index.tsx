/**
 * The Pages screen: every page in a DataViews table (search, status filter, sort, pagination done in the browser
 * over the list the store holds), with actions to edit, view and delete, and a button to add a page.
 */
import { Button, Spinner } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import type { Action } from '@wordpress/dataviews';
import { __ } from '@wordpress/i18n';
import type { RestPage } from '../../api/pages.js';
import { pagesStore, type PagesActions, type PagesSelectors } from '../data/pages-store.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { pageFields } from './page-fields.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';

const DEFAULT_VIEW = tableView({
  // As WordPress's "All": the trash is one filter change away.
  filters: [{ field: 'status', operator: 'isAny', value: ['publish', 'draft'] }],
  sort: { field: 'modified', direction: 'desc' },
  fields: ['slug', 'status', 'modified'],
  titleField: 'title',
});

export function PagesList() {
  const pages = useSelect((select) => (select(pagesStore) as unknown as PagesSelectors).getPages(), []);
  const { deletePage, savePage, trashPage } = useDispatch(pagesStore) as unknown as PagesActions;
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const actions: Action<RestPage>[] = [
    { id: 'edit', label: __('Edit'), isPrimary: true, callback: ([page]) => navigate(screenPath('pages', page!.id)) },
    {
      id: 'view',
      label: __('View'),
      isEligible: (page) => page.status === 'publish',
      callback: ([page]) => window.open(page!.link, '_blank'),
    },
    {
      id: 'trash',
      label: __('Move to trash'),
      isEligible: (page) => page.status !== 'trash',
      callback: async ([page]) => trashPage(page!.id),
    },
    {
      id: 'restore',
      label: __('Restore as draft'),
      isEligible: (page) => page.status === 'trash',
      callback: async ([page]) => {
        await savePage(page!.id, { status: 'draft' });
      },
    },
    {
      id: 'delete',
      label: __('Delete permanently'),
      isEligible: (page) => page.status === 'trash',
      supportsBulk: false,
      callback: async ([page]) => {
        if (window.confirm(__('Delete this page permanently? This cannot be undone.'))) await deletePage(page!.id);
      },
    },
  ];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="pages-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="pages-heading">{__('Pages')}</h1>
        <Button
          variant="primary"
          href={screenPath('pages', 'new')}
          onClick={(event: { preventDefault(): void }) => {
            event.preventDefault();
            navigate(screenPath('pages', 'new'));
          }}
        >
          {__('Add page')}
        </Button>
      </div>
      {pages === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<RestPage>
          items={pages}
          fields={pageFields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(page) => String(page.id)}
        />
      )}
    </section>
  );
}
