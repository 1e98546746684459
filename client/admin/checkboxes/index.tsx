/**
 * The Legal checkboxes screen: every checkbox in a DataViews table (label, form, required, shown, position, legal
 * page, acceptance rate), with add, edit and delete; below it, the order of each form's checkboxes, changed by
 * dragging or with the keyboard; and a link to the statistics and consent log.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import type { Action } from '@wordpress/dataviews';
import { useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { CHECKBOX_LOCATIONS, type RestCheckbox } from '../../api/compliance.js';
import { ReorderList } from '../components/reorder-list.js';
import { tableView } from '../components/table-view.js';
import { deleteCheckbox } from '../data/checkboxes-api.js';
import { errorMessage } from '../data/rest-error.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { checkboxFields } from './checkbox-fields.js';
import { CheckboxForm, LOCATION_LABELS } from './checkbox-form.js';
import { saveOrder, useCheckboxes, type CheckboxRow } from './use-checkboxes.js';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';

const DEFAULT_VIEW = tableView({
  // The position is the order list's below the table (and may be shown from the view options).
  fields: ['location', 'required', 'enabled', 'legal_page', 'acceptance_rate'],
  titleField: 'label',
});

export function CheckboxesScreen() {
  const { rows, legalPages, error, reload } = useCheckboxes();
  const [view, setView] = useFittingView(DEFAULT_VIEW);
  const [editing, setEditing] = useState<RestCheckbox | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fields = useMemo(() => checkboxFields(legalPages), [legalPages]);
  // One array per form for as long as the rows stay the same, so a re-render does not undo a move being saved.
  const byLocation = useMemo(
    () =>
      new Map(
        CHECKBOX_LOCATIONS.map((location) => [location, (rows ?? []).filter((row) => row.location === location)]),
      ),
    [rows],
  );
  const actions: Action<CheckboxRow>[] = [
    { id: 'edit', label: __('Edit'), isPrimary: true, callback: ([row]) => setEditing(row!) },
    {
      id: 'delete',
      label: __('Delete'),
      supportsBulk: false,
      callback: async ([row]) => {
        if (!window.confirm(sprintf(__('Delete the checkbox "%s"? Its consent records are kept.'), row!.label))) return;
        await deleteCheckbox(row!.id);
        await reload();
      },
    },
  ];
  const reorder = async (ordered: RestCheckbox[]) => {
    setProblem(null);
    try {
      await saveOrder(ordered);
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
    await reload();
  };
  return (
    <section className="vitrine-admin__screen" aria-labelledby="checkboxes-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="checkboxes-heading">{__('Legal checkboxes')}</h1>
        <div>
          <Button
            variant="secondary"
            href={screenPath('consent-log')}
            onClick={(event: { preventDefault(): void }) => {
              event.preventDefault();
              navigate(screenPath('consent-log'));
            }}
          >
            {__('Statistics and consent log')}
          </Button>{' '}
          <Button variant="primary" onClick={() => setEditing('new')}>
            {__('Add checkbox')}
          </Button>
        </div>
      </div>
      {(error || problem) && (
        <Notice status="error" isDismissible={false}>
          {error ?? problem}
        </Notice>
      )}
      {rows === null ? (
        <Spinner />
      ) : (
        <>
          {/* The table keeps the server's display order (form, then position) unless the user sorts it. */}
          <BrowserPagedDataViews<CheckboxRow>
            items={rows}
            fields={fields}
            view={view}
            onChangeView={setView}
            actions={actions}
            getItemId={(row) => String(row.id)}
          />
          <h2>{__('Order on each form')}</h2>
          <p className="vitrine-help">
            {__('Drag a checkbox, or use its Move up and Move down buttons. The forms show them in this order.')}
          </p>
          {CHECKBOX_LOCATIONS.map((location) => {
            const items = byLocation.get(location)!;
            if (!items.length) return null;
            return (
              <div key={location}>
                <h3>{LOCATION_LABELS[location]}</h3>
                <ReorderList
                  items={items}
                  label={sprintf(__('Order of the %s checkboxes'), LOCATION_LABELS[location])}
                  getKey={(row) => String(row.id)}
                  getLabel={(row) => row.label}
                  onReorder={reorder}
                />
              </div>
            );
          })}
        </>
      )}
      {editing && (
        <CheckboxForm
          checkbox={editing === 'new' ? null : editing}
          legalPages={legalPages}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </section>
  );
}
