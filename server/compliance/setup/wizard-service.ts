/** The configuration wizard's state: whether it was completed, when, and which steps were done. */
import { WIZARD_STEPS, type WizardStep, type WizardView } from '../../../client/api/compliance.js';
import type { Store } from '../../store/store.js';
import { shopLocalTime } from '../shop-context.js';

export { WIZARD_STEPS, type WizardStep, type WizardView };

export function readWizard(store: Store): WizardView {
  const { completed, completed_at, steps } = store.site.data.wizard;
  return { completed, completed_at: completed_at ? shopLocalTime(store, completed_at) : null, steps: { ...steps } };
}

/**
 * Marks the wizard completed with the steps done this time (completing again replaces the steps and the time).
 * @param steps known step names, already validated; repeats are harmless
 * @example await completeWizard(store, ['company_info', 'legal_pages']) // { completed: true, completed_at: '2026-…',
 * steps: { company_info: true, legal_pages: true } }
 */
export async function completeWizard(store: Store, steps: readonly WizardStep[]): Promise<WizardView> {
  await store.site.update((site) => {
    // The reviews (setup-status.ts) are the manager's, not the completion's: they stay.
    site.wizard = {
      ...site.wizard,
      completed: true,
      completed_at: new Date().toISOString(),
      steps: Object.fromEntries(steps.map((step) => [step, true])),
    };
  });
  return readWizard(store);
}
