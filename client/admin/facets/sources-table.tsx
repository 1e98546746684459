/**
 * The catalog's facet sources (GET /facet/v1/catalog): kind, how many values and products, and a sample of values
 * (the kind and the sample are secondary columns, hidden on phones).
 */
import { __ } from '@wordpress/i18n';
import type { FacetSource } from '../../api/facets.js';

export function SourcesTable({ sources }: { sources: FacetSource[] }) {
  return (
    <table className="vitrine-chart__table vitrine-sources">
      <caption>{__('Sources in the catalog')}</caption>
      <thead>
        <tr>
          <th scope="col">{__('Source')}</th>
          <th scope="col" className="vitrine-secondary">
            {__('Kind')}
          </th>
          <th scope="col">{__('Values')}</th>
          <th scope="col">{__('Products')}</th>
          <th scope="col" className="vitrine-secondary">
            {__('Sample')}
          </th>
        </tr>
      </thead>
      <tbody>
        {sources.map((source) => (
          <tr key={source.source}>
            <th scope="row">
              {source.label} <code>{source.source}</code>
            </th>
            <td className="vitrine-secondary">{source.kind}</td>
            <td>{source.values}</td>
            <td>{source.products}</td>
            <td className="vitrine-secondary">
              {source.kind === 'number' && source.min !== undefined
                ? `${source.min} – ${source.max}`
                : source.sample.join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
