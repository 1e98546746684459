/**
 * The Legal pages screen: the terms, privacy, returns and complaints pages with status and word count; generate the
 * missing ones (the report says which were created and which reused); edit one in the block editor; publish.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import type { Action, Field } from '@wordpress/dataviews';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { LegalPage } from '../../api/compliance.js';
import { generateLegalPages, listLegalPages } from '../data/compliance-api.js';
import { savePage } from '../data/pages-api.js';
import { errorMessage } from '../data/rest-error.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { tableView } from '../components/table-view.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const TYPE_LABELS: Record<string, string> = {
  terms: __('Terms and conditions'),
  privacy: __('Privacy policy'),
  returns: __('Returns and withdrawal'),
  complaints: __('Complaints procedure'),
};

const fields: Field<LegalPage>[] = [
  { id: 'title', label: __('Title'), enableHiding: false, getValue: ({ item }) => item.title },
  { id: 'type', label: __('Kind'), getValue: ({ item }) => TYPE_LABELS[item.type] ?? item.type },
  {
    id: 'status',
    label: __('Status'),
    getValue: ({ item }) =>
      item.status === 'publish' ? __('Published') : item.status === 'draft' ? __('Draft') : __('Trash'),
  },
  { id: 'word_count', label: __('Words'), type: 'integer', getValue: ({ item }) => item.word_count },
  {
    id: 'last_modified',
    label: __('Last modified'),
    getValue: ({ item }) => item.last_modified,
    render: ({ item }) => formatShopDateTime(item.last_modified),
  },
];

export function LegalPagesScreen() {
  const [pages, setPages] = useState<LegalPage[] | null>(null);
  const [report, setReport] = useState<{ created: string[]; reused: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [view, setView] = useFittingView(
    tableView({ fields: ['type', 'status', 'word_count', 'last_modified'], titleField: 'title' }),
  );
  const load = useCallback(() => listLegalPages().then((answer) => setPages(answer.pages)), []);
  useEffect(() => {
    load();
  }, [load]);
  const generate = async () => {
    setProblem(null);
    try {
      const answer = await generateLegalPages();
      const title = (id: number) => answer.pages.find((page) => page.id === id)?.title ?? String(id);
      setReport({ created: answer.created.map(title), reused: answer.reused.map(title) });
      setPages(answer.pages);
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  const actions: Action<LegalPage>[] = [
    {
      id: 'edit',
      label: __('Edit'),
      isPrimary: true,
      supportsBulk: false,
      callback: ([page]) => navigate(screenPath('pages', page!.id)),
    },
    {
      id: 'publish',
      label: __('Publish'),
      supportsBulk: false,
      isEligible: (page) => page.status !== 'publish',
      callback: async ([page]) => {
        setProblem(null);
        try {
          await savePage(page!.id, { status: 'publish' });
        } catch (caught) {
          setProblem(errorMessage(caught));
        }
        await load();
      },
    },
    {
      id: 'view',
      label: __('View'),
      supportsBulk: false,
      isEligible: (page) => page.status === 'publish',
      callback: ([page]) => window.open(page!.url, '_blank'),
    },
  ];
  const missing = pages ? Object.keys(TYPE_LABELS).filter((type) => !pages.some((page) => page.type === type)) : [];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="legal-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="legal-heading">{__('Legal pages')}</h1>
        <Button variant="primary" onClick={generate}>
          {__('Generate missing pages')}
        </Button>
      </div>
      {pages && missing.length > 0 && (
        <p className="vitrine-help">
          {sprintf(
            __('Missing: %s. Generating creates them as empty drafts; existing pages are never changed.'),
            missing.map((type) => TYPE_LABELS[type]).join(', '),
          )}
        </p>
      )}
      {report && (
        <Notice status="success" isDismissible={false}>
          <span role="status">
            {report.created.length
              ? sprintf(__('Created as drafts: %s.'), report.created.join(', '))
              : __('Nothing was created.')}{' '}
            {report.reused.length ? sprintf(__('Kept as they were: %s.'), report.reused.join(', ')) : ''}
          </span>
        </Notice>
      )}
      {problem && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">{problem}</span>
        </Notice>
      )}
      {pages === null ? (
        <Spinner />
      ) : (
        <BrowserPagedDataViews<LegalPage>
          items={pages}
          fields={fields}
          view={view}
          onChangeView={setView}
          actions={actions}
          getItemId={(page) => String(page.id)}
        />
      )}
    </section>
  );
}
