/** `compliance/v1`'s settings groups, setup wizard and legal pages (server/compliance/*-routes.ts). */
import type {
  GeneratedLegalPages,
  LegalPageList,
  ReviewedStep,
  SettingsGroups,
  SettingsGroupValues,
  SettingsUpdateResult,
  SetupStatus,
  WizardView,
  WizardStep,
} from '../../api/compliance.js';
import { restGet, restPost } from './rest-client.js';

export const listSettingsGroups = () => restGet<SettingsGroups>('/compliance/v1/settings');
export const getSettingsGroup = (group: string) => restGet<SettingsGroupValues>(`/compliance/v1/settings/${group}`);
/** All or nothing: a refusal names every bad key in `fields`. */
export const saveSettingsGroup = (group: string, values: Record<string, unknown>) =>
  restPost<SettingsUpdateResult>(`/compliance/v1/settings/${group}`, values);

export const getWizard = () => restGet<WizardView>('/compliance/v1/wizard');
export const completeWizard = (steps: WizardStep[]) =>
  restPost<WizardView>('/compliance/v1/wizard/complete', { steps_completed: steps });
/** Whether each setup step's result exists now (server/compliance/setup/setup-status.ts). */
export const getSetup = () => restGet<SetupStatus>('/compliance/v1/setup');
export const reviewSetupStep = (step: ReviewedStep) => restPost<SetupStatus>('/compliance/v1/setup/reviewed', { step });

export const listLegalPages = () => restGet<LegalPageList>('/compliance/v1/legal-pages');
/** Creates the missing standard pages as empty drafts; existing ones are kept as they are. */
export const generateLegalPages = () => restPost<GeneratedLegalPages>('/compliance/v1/legal-pages/generate');
