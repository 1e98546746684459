/**
 * A compliance report about products (green claims, product safety): the server's list in a DataViews table with
 * search and paging done in the browser, a sentence of explanation, and the count found of those checked.
 */
import { Notice, Spinner } from '@wordpress/components';
import type { Field, View } from '@wordpress/dataviews';
import type { ReactNode } from 'react';
import { __ } from '@wordpress/i18n';
import type { ProductReport } from '../../api/compliance-reports.js';
import { useRestData } from '../data/use-rest-data.js';
import './compliance.css';
import { BrowserPagedDataViews } from '../components/browser-paged-data-views.js';
import { useFittingView } from '../components/use-fitting-view.js';

export interface ProductReportScreenProps<T> {
  /** Reads the report, e.g. `getGreenClaims`; `'off'` when its module is switched off. */
  load: () => Promise<ProductReport<T> | 'off'>;
  /** What is shown when the module is off. */
  off?: ReactNode;
  /** The screen's id, for its heading's id. */
  id: string;
  title: string;
  help: string;
  /** The sentence over the table, e.g. "3 of 300 products make a generic claim.". */
  summary: (report: ProductReport<T>) => string;
  fields: Field<T>[];
  defaultView: View;
}

export function ProductReportScreen<T extends { id: number }>(props: ProductReportScreenProps<T>) {
  const { data: answer, error } = useRestData(props.load);
  const data = answer === 'off' ? null : answer;
  const [view, setView] = useFittingView(props.defaultView);
  const headingId = `${props.id}-heading`;
  return (
    <section className="vitrine-admin__screen" aria-labelledby={headingId}>
      <div className="vitrine-admin__screen-header">
        <h1 id={headingId}>{props.title}</h1>
      </div>
      <p className="vitrine-help">{props.help}</p>
      {error && (
        <Notice status="warning" isDismissible={false}>
          {error}
        </Notice>
      )}
      {answer === 'off' && (
        <Notice status="info" isDismissible={false}>
          {props.off}
        </Notice>
      )}
      {answer === null && !error && <Spinner />}
      {data && <p>{props.summary(data)}</p>}
      {data && (
        <BrowserPagedDataViews<T>
          items={data.products}
          fields={props.fields}
          view={view}
          onChangeView={setView}
          getItemId={(product) => String(product.id)}
          searchLabel={__('Search products')}
        />
      )}
    </section>
  );
}
