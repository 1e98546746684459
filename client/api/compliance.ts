/**
 * `compliance/v1` as the admin uses it: settings groups, the setup wizard, legal pages, legal checkboxes with their
 * statistics, and the consent log. Times are the shop's local time, `2026-05-01T12:00:00`, unless said otherwise.
 */
import type { RestPageStatus } from './pages.js';

/** The setup wizard's steps, in the order the admin shows them (also the values of `steps_completed`). */
export const WIZARD_STEPS = ['company_info', 'legal_pages', 'checkboxes', 'compliance'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** `GET /wizard` and `POST /wizard/complete`. */
export interface WizardView {
  completed: boolean;
  /** Null until completed. */
  completed_at: string | null;
  /** The steps done when it was last completed. */
  steps: Record<string, boolean>;
}

/** How far one setup step's result really exists (`GET /setup`). */
export interface SetupStepStatus {
  done: boolean;
  /** What is still missing, one sentence each, for the manager; empty when done. */
  missing: string[];
}

/**
 * `GET /setup` (beyond the wizard's recorded completion): whether each step's result exists now. Company data filled
 * in; the four legal pages published; the checkboxes reviewed, none required of shoppers linking an unpublished page;
 * the compliance settings saved at least once. `complete` only when all four are done.
 */
export interface SetupStatus {
  steps: Record<WizardStep, SetupStepStatus>;
  complete: boolean;
  /**
   * Enabled, required checkboxes whose legal page shoppers cannot read: the page is `missing` (none of its kind, or
   * none linked) or `unpublished`. The forms leave such a box out (shoppers are not asked for it); the dashboard warns.
   */
  unreadable_checkboxes: { id: number; label: string; location: CheckboxLocation; page: 'missing' | 'unpublished' }[];
}

/** The steps a manager confirms by looking (`POST /setup/reviewed`); the others are done by what they make. */
export const REVIEWED_STEPS = ['checkboxes', 'compliance'] as const;
export type ReviewedStep = (typeof REVIEWED_STEPS)[number];

export type SettingValue = string | number | boolean;

export interface SettingsGroupSummary {
  id: string;
  label: string;
  description: string;
}

/** `GET /settings`: the groups in display order (their fields are described by the discovery index). */
export interface SettingsGroups {
  groups: SettingsGroupSummary[];
}

/** `GET /settings/{group}`: every key of the group with its value (the default for one never set). */
export interface SettingsGroupValues {
  group: string;
  settings: Record<string, SettingValue>;
}

/** `POST /settings/{group}`: the keys whose value really changed; all or nothing. */
export interface SettingsUpdateResult {
  updated: boolean;
  group: string;
  changes: Record<string, SettingValue>;
}

export const LEGAL_TYPES = ['terms', 'privacy', 'returns', 'complaints'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];

export interface LegalPage {
  id: number;
  type: LegalType;
  title: string;
  status: RestPageStatus;
  /** The page's address in the shop. */
  url: string;
  last_modified: string;
  word_count: number;
}

/** `GET /legal-pages`: standard types in order terms, privacy, returns, complaints. */
export interface LegalPageList {
  pages: LegalPage[];
  total: number;
}

/** `POST /legal-pages/generate`: every legal page, and the ids of those this call created and of those it kept. */
export interface GeneratedLegalPages extends LegalPageList {
  created: number[];
  reused: number[];
}

/** The forms that show checkboxes, in display order. */
export const CHECKBOX_LOCATIONS = ['checkout', 'registration', 'contact'] as const;
export type CheckboxLocation = (typeof CHECKBOX_LOCATIONS)[number];

/** A legal checkbox as `GET /checkboxes` lists it. */
export interface RestCheckbox {
  id: number;
  label: string;
  required: boolean;
  location: CheckboxLocation;
  enabled: boolean;
  /** Display order within its location, ascending. */
  position: number;
  /** 0 when it links no legal page. */
  legal_page_id: number;
}

export interface CheckboxList {
  checkboxes: RestCheckbox[];
  total: number;
}

export interface CheckboxStats {
  total_shown: number;
  total_accepted: number;
  /** Percent of shown that were accepted, one decimal; 0 when never shown. */
  acceptance_rate: number;
}

/** `GET /checkboxes/{id}`, and the answer to creating or changing one. */
export interface CheckboxDetail extends RestCheckbox {
  created_at: string;
  updated_at: string;
  stats: CheckboxStats;
}

/** `GET /checkboxes/stats`. */
export interface CheckboxStatsList {
  stats: Array<{ checkbox_id: number; label: string } & CheckboxStats>;
}

/** One consent-log record: what a customer was shown and whether they ticked it. */
export interface ConsentLogEntry {
  checkbox_id: number;
  /** The text the customer saw. */
  label: string;
  location: string;
  accepted: boolean;
  time: string;
  /** 0 for none. */
  legal_page_id: number;
  /** When that page was last modified (ISO 8601 in UTC); null without a page. */
  legal_page_modified_at: string | null;
  /** Shortened (IPv4 /24, IPv6 /48). */
  ip: string;
  /** SHA-256 (hex) of the label shown; newer records only. */
  label_hash?: string;
  /** What the consent was given for: `order:<number>`, `user:<id>`, `message:<id>`... */
  reference?: string | null;
}

/** `GET /consent-log`: a page of records, newest first, and how many match. */
export interface ConsentLogPage {
  entries: ConsentLogEntry[];
  total: number;
}

export interface DailyCounts {
  /** `YYYY-MM-DD`. */
  date: string;
  shown: number;
  accepted: number;
}

/** `GET /checkboxes/stats/daily`: oldest day first; days without a record left out. */
export interface DailyConsentCounts {
  days: DailyCounts[];
}
