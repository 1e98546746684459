/**
 * Where a manager is in the setup wizard, kept in this browser so that the wizard can be left and resumed. What each
 * step changes is saved on the server by the step itself; only the position and the steps done live here, until the
 * last step posts them to `wizard/complete`.
 */
import { WIZARD_STEPS, type WizardStep } from '../../api/compliance.js';

export interface WizardProgress {
  done: WizardStep[];
  at: WizardStep;
}

const key = (userId: number) => `vitrine-wizard:${userId}`;

export function loadProgress(userId: number): WizardProgress {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as WizardProgress | null;
    if (stored && WIZARD_STEPS.includes(stored.at)) return { at: stored.at, done: stored.done.filter((step) => WIZARD_STEPS.includes(step)) };
  } catch {
    // A damaged entry starts the wizard again; nothing the steps saved is lost.
  }
  return { done: [], at: 'company_info' };
}

export function saveProgress(userId: number, progress: WizardProgress): void {
  localStorage.setItem(key(userId), JSON.stringify(progress));
}

export function clearProgress(userId: number): void {
  localStorage.removeItem(key(userId));
}
