/**
 * After an import: the images the file named by URL, fetched into the media library after the products were stored.
 * Follows the image job to its end with a progress bar, then says what arrived and lists each address that failed
 * with its row and reason (the product is kept, showing the shop's placeholder).
 */
import { Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import type { ImageFetchJob } from '../../../api/media.js';
import { readImageFetchJob } from '../../data/media-api.js';
import { errorMessage } from '../../data/rest-error.js';

const POLL_MS = 500;

export function ImageFetchProgress({ initial }: { initial: ImageFetchJob }) {
  const [job, setJob] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    (async () => {
      let current = initial;
      while (current.status === 'running' && alive) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        current = await readImageFetchJob(current.id);
        if (alive) setJob(current);
      }
    })().catch((failure) => alive && setError(errorMessage(failure)));
    return () => {
      alive = false;
    };
  }, [initial.id]);

  return (
    <div className="vitrine-import__images">
      <div className="vitrine-import__progress">
        <label htmlFor="vitrine-image-progress">{__('Fetching the images into the media library…')}</label>
        <progress id="vitrine-image-progress" max={100} value={job.percent}>{`${job.percent}%`}</progress>
        <span className="vitrine-import__percent">{`${job.percent}%`}</span>
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {job.status !== 'running' && (
        <div role="status">
          <Notice status={job.failed > 0 || job.status === 'failed' ? 'warning' : 'success'} isDismissible={false}>
            {sprintf(
              __('Images: %1$d fetched, %2$d already in the media library, %3$d failed.'),
              job.fetched,
              job.reused,
              job.failed,
            )}
            {job.error ? ` ${job.error}` : ''}
          </Notice>
        </div>
      )}
      {job.status !== 'running' && job.problems.length > 0 && (
        <table className="vitrine-import__problems">
          <caption>
            {sprintf(
              _n(
                '%d image could not be fetched; its product shows a placeholder',
                '%d images could not be fetched; their products show a placeholder',
                job.failed,
              ),
              job.failed,
            )}
          </caption>
          <thead>
            <tr>
              <th scope="col">{__('Row')}</th>
              <th scope="col">{__('Address')}</th>
              <th scope="col">{__('Reason')}</th>
            </tr>
          </thead>
          <tbody>
            {job.problems.map((problem, index) => (
              <tr key={index}>
                <td>{'row' in problem ? problem.row : problem.field}</td>
                <td>{problem.url}</td>
                <td>{problem.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
