/**
 * The `facet/filter` block in the editor: a sidebar that sets every attribute (facets in their configured order,
 * products per page, columns, category) and a live preview rendered by the server through
 * `wp/v2/block-renderer`. The preview is inert HTML: no script runs in the canvas; its declarative shadow root is
 * attached (declarative-shadow-roots.ts) so that it is laid out as visitors see it.
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import { CheckboxControl, PanelBody, SelectControl, Spinner, TextControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useEffect, useRef } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';
import { pagesStore, type PagesSelectors } from '../data/pages-store.js';
import { categoryOptions } from './category-options.js';
import { watchDeclarativeShadowRoots } from './declarative-shadow-roots.js';

interface FacetFilterAttributes {
  facets: string[];
  perPage?: number;
  columns?: number;
  category: string;
  orderby: string;
}

interface EditProps {
  attributes: FacetFilterAttributes;
  setAttributes: (changes: Partial<FacetFilterAttributes>) => void;
}

/** An empty field means "the shop's setting", which block.json expresses as an absent attribute. */
function optionalInteger(value: string, min: number, max: number): number | undefined {
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : undefined;
}

export function FacetFilterEdit({ attributes, setAttributes }: EditProps) {
  const choices = useSelect((select) => (select(pagesStore) as unknown as PagesSelectors).getBlockChoices(), []);
  const previewRef = useRef<HTMLDivElement>(null);
  useEffect(() => (previewRef.current ? watchDeclarativeShadowRoots(previewRef.current) : undefined), []);
  const blockProps = useBlockProps({ ref: previewRef });
  const toggleFacet = (name: string, checked: boolean) => {
    const chosen = new Set(attributes.facets);
    if (checked) chosen.add(name);
    else chosen.delete(name);
    // Kept in the configured order, which is the order the widget shows them in.
    setAttributes({ facets: (choices?.facets ?? []).map((facet) => facet.name).filter((facet) => chosen.has(facet)) });
  };
  return (
    <>
      <InspectorControls>
        <PanelBody title={__('Facets')}>
          {!choices && <Spinner />}
          <p className="vitrine-help">{__('None chosen shows every configured facet.')}</p>
          {choices?.facets.map((facet) => (
            <CheckboxControl
              key={facet.name}
              __nextHasNoMarginBottom
              label={facet.label}
              checked={attributes.facets.includes(facet.name)}
              onChange={(checked) => toggleFacet(facet.name, checked)}
            />
          ))}
        </PanelBody>
        <PanelBody title={__('Products')}>
          <TextControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            type="number"
            min={1}
            max={100}
            label={__('Products per page')}
            help={__('Empty uses the shop\u2019s setting.')}
            value={attributes.perPage === undefined ? '' : String(attributes.perPage)}
            onChange={(value) => setAttributes({ perPage: optionalInteger(value, 1, 100) })}
          />
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Columns')}
            value={attributes.columns === undefined ? '' : String(attributes.columns)}
            options={[
              { value: '', label: __('Shop setting') },
              ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: String(n) })),
            ]}
            onChange={(value: string) => setAttributes({ columns: optionalInteger(value, 1, 6) })}
          />
          <SelectControl
            __next40pxDefaultSize
            __nextHasNoMarginBottom
            label={__('Category')}
            value={attributes.category}
            options={[{ value: '', label: __('All products') }, ...categoryOptions(choices?.categories ?? [])]}
            onChange={(value: string) => setAttributes({ category: value })}
          />
        </PanelBody>
      </InspectorControls>
      <div {...blockProps}>
        <ServerSideRender block="facet/filter" attributes={attributes as unknown as Record<string, unknown>} />
      </div>
    </>
  );
}
