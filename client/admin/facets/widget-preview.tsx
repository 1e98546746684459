/**
 * The storefront widget's facets as the server renders them for the unsaved configuration (POST /facet/v1/preview),
 * refreshed shortly after each change. The markup is the server's own escaped template output; it is shown inert,
 * so its links and fields do nothing here and take no focus. It sits in a `<facet-filter>` element (not defined in
 * the admin, so nothing of the widget runs) and takes the storefront's own fragment styles (imported by the admin's
 * entry), so it looks as shoppers see it.
 */
import { Notice, Spinner } from '@wordpress/components';
import { createElement, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { FacetConfig } from '../../api/facets.js';
import { previewFacets } from '../data/facets-api.js';
import { errorMessage } from '../data/rest-error.js';

const DELAY_MS = 400;

export function WidgetPreview({ config }: { config: FacetConfig }) {
  const [preview, setPreview] = useState<{ html: string; found: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const box = useRef<HTMLElement>(null);
  const body = JSON.stringify(config);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      previewFacets(JSON.parse(body) as FacetConfig).then(
        (answer) => {
          if (!current) return;
          setPreview({ html: answer.facets_html, found: answer.found });
          setProblem(null);
        },
        (error) => current && setProblem(errorMessage(error)),
      );
    }, DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [body]);
  useEffect(() => {
    box.current?.setAttribute('inert', '');
  });
  return (
    <section className="vitrine-facet-preview" aria-labelledby="facet-preview-heading">
      <h2 id="facet-preview-heading">{__('Preview (not saved)')}</h2>
      {problem && (
        <Notice status="warning" isDismissible={false}>
          {sprintf(__('The preview cannot be shown: %s'), problem)}
        </Notice>
      )}
      {preview === null ? (
        <Spinner />
      ) : (
        <>
          <p className="vitrine-help">{sprintf(__('%d products in the shop'), preview.found)}</p>
          {createElement('facet-filter', {
            ref: box,
            className: 'vitrine-facet-preview__widget',
            'data-testid': 'facet-preview',
            dangerouslySetInnerHTML: { __html: preview.html },
          })}
        </>
      )}
    </section>
  );
}
