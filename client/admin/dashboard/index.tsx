/**
 * The dashboard: the search index (products, facets, last reindex and how long it took), setup progress, acceptance
 * rate per checkbox, and warnings, each with a link to the screen that fixes it.
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { WIZARD_STEPS, type CheckboxStatsList, type SetupStatus, type WizardView } from '../../api/compliance.js';
import type { ReindexState } from '../../api/facets.js';
import { getCheckboxStats, listCheckboxes } from '../data/checkboxes-api.js';
import { getSettingsGroup, getSetup, getWizard, listLegalPages } from '../data/compliance-api.js';
import { getReindexState } from '../data/facets-api.js';
import { errorMessage } from '../data/rest-error.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { dashboardWarnings, type Warning } from './warnings.js';
import { formatShopDateTime } from '../locale/shop-time.js';
import { formatShopNumber, shopPercent } from '../locale/shop-number.js';

interface Loaded {
  reindex: ReindexState;
  wizard: WizardView;
  setup: SetupStatus;
  stats: CheckboxStatsList['stats'];
  warnings: Warning[];
}

const settingsOf = (group: string) => getSettingsGroup(group).then((answer) => answer.settings);

export function DashboardScreen() {
  const [data, setData] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([
      getReindexState(),
      getWizard(),
      getCheckboxStats(),
      listLegalPages(),
      listCheckboxes(),
      settingsOf('general'),
      settingsOf('compliance'),
      settingsOf('storefront'),
      getSetup(),
    ]).then(
      ([reindex, wizard, stats, legal, checkboxes, general, compliance, storefront, setup]) =>
        setData({
          reindex,
          wizard,
          setup,
          stats: stats.stats,
          warnings: dashboardWarnings({
            legalPages: legal.pages,
            checkboxes: checkboxes.checkboxes,
            settings: { general, compliance, storefront },
            unreadableCheckboxes: setup.unreadable_checkboxes,
          }),
        }),
      (caught) => setProblem(errorMessage(caught)),
    );
  }, []);
  if (problem)
    return (
      <section className="vitrine-admin__screen">
        <Notice status="error" isDismissible={false}>
          {problem}
        </Notice>
      </section>
    );
  if (!data)
    return (
      <section className="vitrine-admin__screen">
        <Spinner />
      </section>
    );
  const { index, job } = data.reindex;
  const stepsDone = WIZARD_STEPS.filter((step) => data.setup.steps[step].done).length;
  return (
    <section className="vitrine-admin__screen" aria-labelledby="dashboard-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="dashboard-heading">{__('Dashboard')}</h1>
      </div>
      <div className="vitrine-dashboard">
        <section aria-labelledby="dash-warnings">
          <h2 id="dash-warnings">{sprintf(__('Warnings (%d)'), data.warnings.length)}</h2>
          {data.warnings.length === 0 ? (
            <p>{__('Nothing needs your attention.')}</p>
          ) : (
            <ul className="vitrine-warnings">
              {data.warnings.map((warning) => (
                <li key={warning.text}>
                  {warning.text} <AdminLink href={warning.fixHref}>{warning.fixLabel}</AdminLink>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="dash-setup">
          <h2 id="dash-setup">{__('Setup')}</h2>
          <p>
            {data.setup.complete
              ? __('The shop is set up: every step is done.')
              : sprintf(__('%1$d of %2$d steps done.'), stepsDone, WIZARD_STEPS.length)}
            {data.wizard.completed &&
              ` ${sprintf(__('The wizard was last finished on %s.'), formatShopDateTime(data.wizard.completed_at))}`}
          </p>
          <progress max={WIZARD_STEPS.length} value={stepsDone} aria-label={__('Setup progress')} />
          <p>
            <Button
              variant={data.setup.complete ? 'secondary' : 'primary'}
              onClick={() => navigate(screenPath('wizard'))}
            >
              {data.setup.complete ? __('Run the setup again') : __('Continue the setup')}
            </Button>
          </p>
        </section>
        <section aria-labelledby="dash-index">
          <h2 id="dash-index">{__('Search index')}</h2>
          {index ? (
            <dl className="vitrine-figures">
              <dt>{__('Products indexed')}</dt>
              <dd>{formatShopNumber(index.indexed)}</dd>
              <dt>{__('Facets')}</dt>
              <dd>{index.facets}</dd>
              <dt>{__('Last reindex')}</dt>
              <dd>{formatShopDateTime(index.built_at)}</dd>
              <dt>{__('Took')}</dt>
              <dd>{sprintf(__('%s ms'), formatShopNumber(index.took_ms))}</dd>
            </dl>
          ) : (
            <p>{__('Not built yet.')}</p>
          )}
          {job?.status === 'running' && <p>{sprintf(__('Reindexing: %d%%'), job.progress)}</p>}
          <AdminLink href={screenPath('facets')}>{__('Configure facets')}</AdminLink>
        </section>
        <section aria-labelledby="dash-acceptance">
          <h2 id="dash-acceptance">{__('Acceptance rate per checkbox')}</h2>
          <table className="vitrine-chart__table">
            <thead>
              <tr>
                <th scope="col">{__('Checkbox')}</th>
                <th scope="col">{__('Shown')}</th>
                <th scope="col">{__('Accepted')}</th>
                <th scope="col">{__('Rate')}</th>
              </tr>
            </thead>
            <tbody>
              {data.stats.map((entry) => (
                <tr key={entry.checkbox_id}>
                  <th scope="row" className="vitrine-dashboard__label">
                    {entry.label}
                  </th>
                  <td>{entry.total_shown}</td>
                  <td>{entry.total_accepted}</td>
                  <td>{shopPercent(entry.acceptance_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminLink href={screenPath('consent-log')}>{__('Statistics and consent log')}</AdminLink>
        </section>
      </div>
    </section>
  );
}
