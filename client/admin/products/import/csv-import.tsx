/**
 * CSV import by upload: choose a WooCommerce product CSV and a mode; the server's dry run is shown first (nothing is
 * applied yet); Import then starts the job and a progress bar follows it to 100%, with the final report, then the
 * fetching of the images the file names by URL.
 * A replace with rejected rows would change nothing (the server applies it all or nothing), so it is not offered.
 */
import { Button, Notice, RadioControl } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ImportJob, ImportMode, ImportReport } from '../../../api/catalog-import.js';
import { checkCsv, readImportJob, startImport } from '../../data/catalog-import-api.js';
import { errorMessage } from '../../data/rest-error.js';
import { ImageFetchProgress } from './image-fetch-progress.js';
import { ImportReportView } from './import-report.js';

const POLL_MS = 400;
const PHASE_LABELS: Record<ImportJob['phase'], string> = {
  reading: __('Reading the file…'),
  checking: __('Checking the rows…'),
  writing: __('Writing the products…'),
  done: __('Finished.'),
};

export function CsvImport({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('merge');
  const [checking, setChecking] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // Every file or mode change is checked again: a merge checks SKUs against the catalog, a replace does not.
  // Checks may answer out of order (each runs in its own worker): only the latest one's answer is shown.
  useEffect(() => {
    if (!file) return;
    let latest = true;
    setChecking(true);
    setReport(null);
    setJob(null);
    setError(null);
    checkCsv(file, mode)
      .then(
        (answer) => latest && setReport(answer),
        (failure) => latest && setError(errorMessage(failure)),
      )
      .finally(() => latest && setChecking(false));
    return () => {
      latest = false;
    };
  }, [file, mode]);

  async function apply() {
    if (!file) return;
    setError(null);
    try {
      let current = await startImport(file, mode);
      setJob(current);
      while (current.status === 'running' && alive.current) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        current = await readImportJob(current.id);
        setJob(current);
      }
      if (current.report?.applied) onImported();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const canImport =
    report !== null &&
    !checking &&
    (job === null || job.status !== 'running') &&
    (mode === 'merge' || report.problems_total === 0);
  return (
    <section className="vitrine-import" aria-labelledby="import-heading">
      <h2 id="import-heading">{__('Import products from a CSV file')}</h2>
      <p className="vitrine-help">
        {__('WooCommerce\u2019s product CSV. The file is checked first; nothing changes until you press Import.')}
      </p>
      <div className="vitrine-import__file">
        <label htmlFor="vitrine-import-file">{__('CSV file')}</label>
        <input
          id="vitrine-import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <RadioControl
        label={__('Mode')}
        selected={mode}
        options={[
          { label: __('Merge: update the products the file lists, add new ones'), value: 'merge' },
          { label: __('Replace: the file becomes the whole catalog'), value: 'replace' },
        ]}
        onChange={(value) => setMode(value as ImportMode)}
      />
      <div role="status" aria-live="polite">
        {checking && <p>{__('Checking the file…')}</p>}
      </div>
      {error && (
        <Notice status="error" isDismissible={false}>
          {error}
        </Notice>
      )}
      {report && !job && <ImportReportView report={report} heading={__('Check (nothing applied yet)')} />}
      {report && !job && mode === 'replace' && report.problems_total > 0 && (
        <p>{__('A replace applies all rows or none: fix the rejected rows first, or merge the valid ones.')}</p>
      )}
      {report && !job && mode === 'merge' && report.problems_total > 0 && (
        <p>{__('Import will apply the valid rows and skip the rejected ones.')}</p>
      )}
      {report && (
        <Button variant="primary" onClick={() => void apply()} disabled={!canImport} accessibleWhenDisabled>
          {__('Import')}
        </Button>
      )}
      {job && (
        <div className="vitrine-import__progress">
          <label htmlFor="vitrine-import-progress">{PHASE_LABELS[job.phase]}</label>
          <progress id="vitrine-import-progress" max={100} value={job.percent}>{`${job.percent}%`}</progress>
          <span className="vitrine-import__percent">{`${job.percent}%`}</span>
        </div>
      )}
      {job?.status === 'failed' && (
        <Notice status="error" isDismissible={false}>
          {job.error}
        </Notice>
      )}
      {job?.status === 'done' && job.report && (
        <div role="status">
          <Notice status={job.report.applied ? 'success' : 'warning'} isDismissible={false}>
            {job.report.applied
              ? sprintf(__('Imported: the catalog now has %d products.'), job.report.catalog_products)
              : __('Nothing was applied.')}
          </Notice>
        </div>
      )}
      {job?.status === 'done' && job.report && job.report.problems_total > 0 && (
        <ImportReportView report={job.report} heading={__('Skipped rows')} />
      )}
      {job?.status === 'done' && job.images && <ImageFetchProgress initial={job.images} />}
    </section>
  );
}
