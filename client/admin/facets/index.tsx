/**
 * The Facets screen: the widget's facets in order (drag, or Move up/down), each one's settings, adding a facet from
 * the catalog's sources, a live preview of the widget with the unsaved configuration, and Save, which starts a
 * reindex job whose progress is shown; the index's health beside it.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { ReorderList } from '../components/reorder-list.js';
import { useLeaveGuard } from '../shell/use-leave-guard.js';
import { AddFacet } from './add-facet.js';
import { FacetEditor } from './facet-editor.js';
import { IndexHealth } from './index-health.js';
import { SourcesTable } from './sources-table.js';
import type { FacetDefinition } from '../../api/facets.js';
import { facetErrors, useFacetConfig } from './use-facet-config.js';
import { WidgetPreview } from './widget-preview.js';

export function FacetsScreen() {
  const state = useFacetConfig();
  const [selected, setSelected] = useState<string | null>(null);
  useLeaveGuard(state.dirty);
  const { draft } = state;
  if (!draft)
    return (
      <section className="vitrine-admin__screen">
        <Spinner />
      </section>
    );
  const setFacets = (facets: FacetDefinition[]) => state.setDraft({ ...draft, facets });
  const editing = draft.facets.findIndex((facet) => facet.name === selected);
  const problems = Object.keys(state.errors).length;
  return (
    <section className="vitrine-admin__screen" aria-labelledby="facets-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="facets-heading">{__('Facets')}</h1>
        <div>
          {state.dirty && <span className="vitrine-editor__state">{__('Unsaved changes')} </span>}
          <Button
            variant="primary"
            onClick={() => state.save(__('Saved; the index is rebuilt.'))}
            isBusy={state.saving}
            disabled={state.saving}
            accessibleWhenDisabled
          >
            {__('Save and reindex')}
          </Button>
        </div>
      </div>
      {state.message?.status === 'success' && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{state.message.text}</span>
        </Notice>
      )}
      {state.message?.status === 'error' && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">
            {problems ? sprintf(__('Nothing was saved: %d field needs correcting.'), problems) : state.message.text}
          </span>
        </Notice>
      )}
      <IndexHealth
        state={state.reindex}
        busy={state.saving}
        onReindex={() => state.reindexNow(__('The index is rebuilt.'))}
      />
      <div className="vitrine-facets__columns">
        <div>
          <h2>{__('Facets in the widget')}</h2>
          <p className="vitrine-help">
            {__('Drag a facet, or use its Move up and Move down buttons. The shop shows them in this order.')}
          </p>
          <ReorderList
            items={draft.facets}
            label={__('Order of the facets')}
            getKey={(facet) => facet.name}
            getLabel={(facet) => facet.label}
            onReorder={setFacets}
            renderExtra={(facet) => (
              <>
                {Object.keys(facetErrors(state.errors, draft.facets.indexOf(facet))).length > 0 && (
                  <span className="vitrine-field-error">{__('Needs correcting')}</span>
                )}
                <Button
                  size="small"
                  variant={facet.name === selected ? 'primary' : 'tertiary'}
                  aria-pressed={facet.name === selected}
                  onClick={() => setSelected(facet.name === selected ? null : facet.name)}
                >
                  {sprintf(__('Edit %s'), facet.label)}
                </Button>
                <Button
                  size="small"
                  variant="tertiary"
                  isDestructive
                  onClick={() => setFacets(draft.facets.filter((other) => other !== facet))}
                >
                  {sprintf(__('Remove %s'), facet.label)}
                </Button>
              </>
            )}
          />
          {editing >= 0 && (
            <FacetEditor
              facet={draft.facets[editing]!}
              source={state.sources.find((source) => source.source === draft.facets[editing]!.source)}
              errors={facetErrors(state.errors, editing)}
              onChange={(change) =>
                setFacets(draft.facets.map((facet, index) => (index === editing ? { ...facet, ...change } : facet)))
              }
            />
          )}
          <AddFacet
            sources={state.sources}
            taken={draft.facets.map((facet) => facet.name)}
            onAdd={(facet) => {
              setFacets([...draft.facets, facet]);
              setSelected(facet.name);
            }}
          />
        </div>
        <WidgetPreview config={draft} />
      </div>
      <SourcesTable sources={state.sources} />
    </section>
  );
}
