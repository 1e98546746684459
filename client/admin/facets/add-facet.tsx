/**
 * Adds a facet from one of the catalog's sources, with a type from those that fit it; the sample shows what it holds.
 */
import { Button, SelectControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { TYPE_LABELS } from './facet-editor.js';
import type { FacetDefinition, FacetSource, FacetType } from '../../api/facets.js';

/** A URL-safe name from the source (`attribute:color` -> `color`), made unique among the facets. */
export function facetNameFor(source: string, taken: string[]): string {
  const base =
    (source.split(':').pop() ?? 'facet')
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '_')
      .slice(0, 36) || 'facet';
  let name = base;
  for (let suffix = 2; taken.includes(name) || ['q', 'orderby', 'paged'].includes(name); suffix++)
    name = `${base}_${suffix}`;
  return name;
}

export function AddFacet({
  sources,
  taken,
  onAdd,
}: {
  sources: FacetSource[];
  taken: string[];
  onAdd(facet: FacetDefinition): void;
}) {
  const [sourceId, setSourceId] = useState(sources[0]?.source ?? '');
  const source = sources.find((candidate) => candidate.source === sourceId);
  const [type, setType] = useState<FacetType | ''>('');
  const chosenType = source && type && source.types.includes(type) ? type : source?.types[0];
  return (
    <fieldset className="vitrine-filters">
      <legend>{__('Add a facet')}</legend>
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Source')}
        value={sourceId}
        options={sources.map((candidate) => ({
          value: candidate.source,
          label: sprintf(__('%1$s (%2$d values)'), candidate.label, candidate.values),
        }))}
        onChange={(value) => {
          setSourceId(value);
          setType('');
        }}
        help={source ? sprintf(__('For example: %s'), source.sample.join(', ') || __('no values yet')) : undefined}
      />
      <SelectControl
        __next40pxDefaultSize
        __nextHasNoMarginBottom
        label={__('Type')}
        value={chosenType}
        options={(source?.types ?? []).map((candidate) => ({
          value: candidate,
          label: TYPE_LABELS[candidate] ?? candidate,
        }))}
        onChange={(value) => setType(value as FacetType)}
      />
      <Button
        variant="secondary"
        disabled={!source || !chosenType}
        accessibleWhenDisabled
        onClick={() => {
          if (!source || !chosenType) return;
          onAdd({
            name: facetNameFor(source.source, taken),
            label: source.label,
            type: chosenType,
            source: source.source,
            logic: 'or',
            show_counts: true,
            hide_empty: true,
            order: 'count',
            limit: 10,
          });
        }}
      >
        {__('Add facet')}
      </Button>
    </fieldset>
  );
}
