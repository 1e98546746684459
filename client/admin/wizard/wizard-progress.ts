/**
 * Where a manager is in the setup wizard, kept in this browser so that the wizard can be left and resumed. Which steps
 * are done is not kept here: the server says it from what exists (GET /compliance/v1/setup).
 */
import { WIZARD_STEPS, type WizardStep } from '../../api/compliance.js';

export interface WizardProgress {
  at: WizardStep;
}

const key = (userId: number) => `vitrine-wizard:${userId}`;

export function loadProgress(userId: number): WizardProgress {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<WizardProgress> | null;
    if (stored && WIZARD_STEPS.includes(stored.at as WizardStep)) return { at: stored.at as WizardStep };
  } catch {
    // A damaged entry starts the wizard again; nothing the steps saved is lost.
  }
  return { at: 'company_info' };
}

export function saveProgress(userId: number, progress: WizardProgress): void {
  localStorage.setItem(key(userId), JSON.stringify(progress));
}

export function clearProgress(userId: number): void {
  localStorage.removeItem(key(userId));
}
