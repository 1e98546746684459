/** An import's report: the counts, and every rejected row with its column and reason, as the server listed them. */
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ImportReport } from '../../../api/catalog-import.js';

export function ImportReportView({ report, heading }: { report: ImportReport; heading: string }) {
  return (
    <div className="vitrine-import__report">
      <h3>{heading}</h3>
      <p>
        {sprintf(
          __('%1$d rows: %2$d products and %3$d variations are valid.'),
          report.rows,
          report.products,
          report.variations,
        )}{' '}
        {report.rejected_rows > 0 &&
          sprintf(_n('%d row is rejected.', '%d rows are rejected.', report.rejected_rows), report.rejected_rows)}
      </p>
      {report.problems.length > 0 && (
        <table className="vitrine-import__problems">
          <caption>{__('Rejected rows')}</caption>
          <thead>
            <tr>
              <th scope="col">{__('Row')}</th>
              <th scope="col">{__('Column')}</th>
              <th scope="col">{__('Reason')}</th>
            </tr>
          </thead>
          <tbody>
            {report.problems.map((problem, index) => (
              <tr key={index}>
                <td>{problem.row}</td>
                <td>{problem.column}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.problems_truncated && (
        <p>
          {sprintf(__('The first %1$d of %2$d problems are listed.'), report.problems.length, report.problems_total)}
        </p>
      )}
    </div>
  );
}
