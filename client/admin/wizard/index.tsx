/**
 * The setup wizard: company data, legal pages, checkboxes, compliance modules. Each step writes through the existing
 * API (settings, legal-pages/generate, setup/reviewed). A step reads "done" only when the server says its result
 * exists (GET /compliance/v1/setup): moving on is not doing. The end posts `wizard/complete` with the steps really
 * done, and says "Setup complete" only when all are; otherwise it lists what is missing, each with its step. Leaving
 * and coming back resumes at the step where the manager stopped (wizard-progress.ts).
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { WIZARD_STEPS, type SetupStatus, type WizardStep, type WizardView } from '../../api/compliance.js';
import { completeWizard, getSetup, getWizard, reviewSetupStep } from '../data/compliance-api.js';
import { errorMessage } from '../data/rest-error.js';
import { formatShopDateTime } from '../locale/shop-time.js';
import { GroupForm } from '../settings/group-form.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { CheckboxesStep } from './checkboxes-step.js';
import { LegalPagesStep } from './legal-pages-step.js';
import { MissingList } from './missing-list.js';
import { clearProgress, loadProgress, saveProgress } from './wizard-progress.js';

export const STEP_LABELS: Record<WizardStep, string> = {
  company_info: __('Company'),
  legal_pages: __('Legal pages'),
  checkboxes: __('Checkboxes'),
  compliance: __('Compliance'),
};

const COMPANY_KEYS = ['shop_name', 'company_name', 'company_address', 'company_tax_id', 'company_email'];

const goTo = (step: WizardStep) => navigate(screenPath('wizard', step));

export function WizardScreen({ part, userId }: { part: string | null; userId: number }) {
  const [at, setAt] = useState<WizardStep>(() => loadProgress(userId).at);
  const [wizard, setWizard] = useState<WizardView | null>(null);
  const [setup, setSetup] = useState<SetupStatus | null>(null);
  const [finished, setFinished] = useState<SetupStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const step: WizardStep = (WIZARD_STEPS as readonly string[]).includes(part ?? '') ? (part as WizardStep) : at;
  const refresh = () => getSetup().then(setSetup, (caught) => setProblem(errorMessage(caught)));
  useEffect(() => {
    getWizard().then(setWizard, (caught) => setProblem(errorMessage(caught)));
  }, []);
  useEffect(() => {
    if (step !== at) {
      setAt(step);
      saveProgress(userId, { at: step });
    }
    if (part !== step) window.history.replaceState(null, '', screenPath('wizard', step));
    setFinished(null);
    refresh();
  }, [step]);
  /** Records what the whole setup really has, and says so. */
  const finish = async () => {
    setProblem(null);
    try {
      const status = await getSetup();
      const done = WIZARD_STEPS.filter((candidate) => status.steps[candidate].done);
      if (done.length) setWizard(await completeWizard(done));
      clearProgress(userId);
      setSetup(status);
      setFinished(status);
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  /** Goes on to the next step; after the last one, finishes. */
  const next = () => {
    const following = WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1];
    if (following) goTo(following);
    else finish();
  };
  const reviewed = (which: 'checkboxes') => async () => {
    setProblem(null);
    try {
      setSetup(await reviewSetupStep(which));
      next();
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  const current = setup?.steps[step];
  return (
    <section className="vitrine-admin__screen" aria-labelledby="wizard-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="wizard-heading">{__('Set up the shop')}</h1>
      </div>
      {wizard?.completed && !finished && (
        <p className="vitrine-help">
          {sprintf(
            __('The setup was last finished on %s. You can go through it again.'),
            formatShopDateTime(wizard.completed_at),
          )}
        </p>
      )}
      <ol className="vitrine-steps" aria-label={__('Setup steps')}>
        {WIZARD_STEPS.map((candidate, index) => (
          <li key={candidate} aria-current={candidate === step && !finished ? 'step' : undefined}>
            <a
              href={screenPath('wizard', candidate)}
              onClick={(event) => {
                event.preventDefault();
                goTo(candidate);
              }}
            >
              {sprintf(__('%1$d. %2$s'), index + 1, STEP_LABELS[candidate])}
              {setup ? ` ${setup.steps[candidate].done ? __('(done)') : __('(to do)')}` : ''}
            </a>
          </li>
        ))}
      </ol>
      {problem && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">{problem}</span>
        </Notice>
      )}
      {finished ? (
        finished.complete ? (
          <Notice status="success" isDismissible={false}>
            <span role="status">{__('Setup complete.')}</span>{' '}
            <Button variant="link" onClick={() => navigate(screenPath('dashboard'))}>
              {__('Go to the dashboard')}
            </Button>
          </Notice>
        ) : (
          <Notice status="warning" isDismissible={false}>
            <p role="status">{__('The setup is not complete yet. What is still missing:')}</p>
            {WIZARD_STEPS.filter((candidate) => !finished.steps[candidate].done).map((candidate) => (
              <div key={candidate}>
                <Button variant="link" onClick={() => goTo(candidate)}>
                  {STEP_LABELS[candidate]}
                </Button>
                <MissingList items={finished.steps[candidate].missing} />
              </div>
            ))}
          </Notice>
        )
      ) : (
        <>
          <h2>{STEP_LABELS[step]}</h2>
          {current && !current.done && (
            <Notice status="warning" isDismissible={false}>
              <p>{__('This step is not done yet:')}</p>
              <MissingList items={current.missing} />
            </Notice>
          )}
          {step === 'company_info' && (
            <GroupForm
              group={{
                id: 'general',
                label: __('Company'),
                description: __('Who sells: shown in the legal pages, on orders and in the shop header.'),
              }}
              only={COMPANY_KEYS}
              onSaved={next}
              saveLabel={__('Save and continue')}
            />
          )}
          {step === 'legal_pages' && <LegalPagesStep onNext={next} onChange={refresh} />}
          {step === 'checkboxes' && <CheckboxesStep onNext={reviewed('checkboxes')} />}
          {step === 'compliance' && (
            <GroupForm
              group={{
                id: 'compliance',
                label: __('Compliance'),
                description: __('The consumer-law modules the shop uses.'),
              }}
              onSaved={next}
              saveLabel={__('Save and finish')}
            />
          )}
        </>
      )}
      {!setup && !problem && <Spinner />}
    </section>
  );
}
