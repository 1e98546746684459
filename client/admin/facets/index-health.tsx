/** The index in use (when it was built, what it holds, how long it took) and the progress of a running reindex. */
import { Button, ProgressBar } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { ReindexState } from '../../api/facets.js';
import { formatShopDateTime } from '../locale/shop-time.js';

export function IndexHealth({
  state,
  onReindex,
  busy,
}: {
  state: ReindexState | null;
  onReindex(): void;
  busy: boolean;
}) {
  const running = state?.job?.status === 'running';
  const index = state?.index;
  return (
    <section className="vitrine-index-health" aria-labelledby="index-health-heading">
      <h2 id="index-health-heading">{__('Search index')}</h2>
      {index ? (
        <p>
          {sprintf(
            __('Built %1$s: %2$d products, %3$d facets, %4$d values, in %5$d ms.'),
            formatShopDateTime(index.built_at),
            index.indexed,
            index.facets,
            index.values,
            index.took_ms,
          )}
        </p>
      ) : (
        <p>{__('Not built yet.')}</p>
      )}
      {running && (
        <div>
          <label htmlFor="reindex-progress">{sprintf(__('Reindexing: %d%%'), state!.job!.progress)}</label>
          <ProgressBar id="reindex-progress" value={state!.job!.progress} />
        </div>
      )}
      <Button variant="secondary" onClick={onReindex} disabled={running || busy} accessibleWhenDisabled>
        {__('Reindex now')}
      </Button>
    </section>
  );
}
