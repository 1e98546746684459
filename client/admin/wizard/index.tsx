/**
 * The setup wizard: company data, legal pages, checkboxes, compliance modules. Each step writes through the existing
 * API (settings, legal-pages/generate); the end posts `wizard/complete` with the steps done. Leaving and coming back
 * resumes at the step where the manager stopped (wizard-progress.ts).
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { WIZARD_STEPS, type WizardView, type WizardStep } from '../../api/compliance.js';
import { completeWizard, getWizard } from '../data/compliance-api.js';
import { errorMessage } from '../data/rest-error.js';
import { GroupForm } from '../settings/group-form.js';
import { screenPath } from '../shell/admin-screens.js';
import { navigate } from '../shell/use-route.js';
import { LegalPagesStep } from './legal-pages-step.js';
import { CheckboxesStep } from './checkboxes-step.js';
import { clearProgress, loadProgress, saveProgress, type WizardProgress } from './wizard-progress.js';
import { formatShopDateTime } from '../locale/shop-time.js';

const STEP_LABELS: Record<WizardStep, string> = {
  company_info: __('Company'),
  legal_pages: __('Legal pages'),
  checkboxes: __('Checkboxes'),
  compliance: __('Compliance'),
};

const COMPANY_KEYS = ['shop_name', 'company_name', 'company_address', 'company_tax_id', 'company_email'];

export function WizardScreen({ part, userId }: { part: string | null; userId: number }) {
  const [progress, setProgress] = useState<WizardProgress>(() => loadProgress(userId));
  const [server, setServer] = useState<WizardView | null>(null);
  const [finished, setFinished] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const step: WizardStep = (WIZARD_STEPS as readonly string[]).includes(part ?? '') ? (part as WizardStep) : progress.at;
  useEffect(() => {
    getWizard().then(setServer);
  }, []);
  useEffect(() => {
    if (step !== progress.at) update({ ...progress, at: step });
    if (part !== step) window.history.replaceState(null, '', screenPath('wizard', step));
  }, [step]);
  const update = (next: WizardProgress) => {
    setProgress(next);
    saveProgress(userId, next);
  };
  const complete = async (done: WizardStep[]) => {
    setProblem(null);
    try {
      const answer = await completeWizard(done);
      clearProgress(userId);
      setServer(answer);
      setFinished(answer.completed_at);
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  /** Marks the step done and goes on; after the last step the wizard is completed on the server. */
  const next = () => {
    const done = [...new Set([...progress.done, step])];
    const following = WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1];
    if (following) {
      update({ done, at: following });
      navigate(screenPath('wizard', following));
    } else {
      update({ done, at: step });
      complete(done);
    }
  };
  return (
    <section className="vitrine-admin__screen" aria-labelledby="wizard-heading">
      <div className="vitrine-admin__screen-header">
        <h1 id="wizard-heading">{__('Set up the shop')}</h1>
      </div>
      {server?.completed && !finished && <p className="vitrine-help">{sprintf(__('The setup was completed on %s. You can go through it again.'), formatShopDateTime(server.completed_at))}</p>}
      <ol className="vitrine-steps" aria-label={__('Setup steps')}>
        {WIZARD_STEPS.map((candidate, index) => (
          <li key={candidate} aria-current={candidate === step ? 'step' : undefined}>
            <a
              href={screenPath('wizard', candidate)}
              onClick={(event) => {
                event.preventDefault();
                navigate(screenPath('wizard', candidate));
              }}
            >
              {sprintf(__('%1$d. %2$s'), index + 1, STEP_LABELS[candidate])}
              {progress.done.includes(candidate) ? ` ${__('(done)')}` : ''}
            </a>
          </li>
        ))}
      </ol>
      {problem && <Notice status="error" isDismissible={false}><span role="alert">{problem}</span></Notice>}
      {finished ? (
        <Notice status="success" isDismissible={false}>
          <span role="status">{__('Setup complete.')}</span>{' '}
          <Button variant="link" onClick={() => navigate(screenPath('dashboard'))}>{__('Go to the dashboard')}</Button>
        </Notice>
      ) : (
        <>
          <h2>{STEP_LABELS[step]}</h2>
          {step === 'company_info' && <GroupForm group={{ id: 'general', label: __('Company'), description: __('Who sells: shown in the legal pages, on orders and in the shop header.') }} only={COMPANY_KEYS} onSaved={next} saveLabel={__('Save and continue')} />}
          {step === 'legal_pages' && <LegalPagesStep onNext={next} />}
          {step === 'checkboxes' && <CheckboxesStep onNext={next} />}
          {step === 'compliance' && <GroupForm group={{ id: 'compliance', label: __('Compliance'), description: __('The consumer-law modules the shop uses.') }} onSaved={next} saveLabel={__('Save and finish')} />}
        </>
      )}
      {!server && <Spinner />}
    </section>
  );
}
