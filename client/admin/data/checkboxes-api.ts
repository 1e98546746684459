/**
 * `compliance/v1`'s legal checkboxes, their statistics and the consent log
 * (server/compliance/checkboxes/checkbox-routes.ts, consent-log-routes.ts).
 */
import type {
  CheckboxDetail,
  CheckboxList,
  CheckboxStatsList,
  ConsentLogPage,
  DailyConsentCounts,
  RestCheckbox,
} from '../../api/compliance.js';
import type { RestDeleted } from '../../api/errors.js';
import { currentRestNonce, restRoot } from '../api/setup-api-fetch.js';
import { restDelete, restGet, restPost, restPut, withQuery } from './rest-client.js';

/** The fields a manager sets; the server validates create and update alike. */
export type CheckboxFields = Partial<Omit<RestCheckbox, 'id'>>;

export const listCheckboxes = () => restGet<CheckboxList>('/compliance/v1/checkboxes');
export const getCheckboxStats = () => restGet<CheckboxStatsList>('/compliance/v1/checkboxes/stats');
export const createCheckbox = (fields: CheckboxFields) => restPost<CheckboxDetail>('/compliance/v1/checkboxes', fields);
export const updateCheckbox = (id: number, fields: CheckboxFields) =>
  restPut<CheckboxDetail>(`/compliance/v1/checkboxes/${id}`, fields);
export const deleteCheckbox = (id: number) =>
  restDelete<RestDeleted<CheckboxDetail>>(`/compliance/v1/checkboxes/${id}`);

/**
 * `checkbox` (an id), `location`, and the days `from` and `to` (`YYYY-MM-DD`); empty ones are left out by the caller.
 */
export type ConsentFilterArgs = Record<string, string>;

export const getDailyConsentCounts = (filter: ConsentFilterArgs) =>
  restGet<DailyConsentCounts>(withQuery('/compliance/v1/checkboxes/stats/daily', filter));

export const getConsentLog = (filter: ConsentFilterArgs, page: number, perPage: number) =>
  restGet<ConsentLogPage>(withQuery('/compliance/v1/consent-log', { ...filter, page, per_page: perPage }));

/** The same records as CSV, for a download link: the browser follows it itself, so the nonce goes in the address. */
export const consentLogCsvUrl = (filter: ConsentFilterArgs) =>
  withQuery(`${restRoot()}compliance/v1/consent-log/export`, { ...filter, _wpnonce: currentRestNonce() });
