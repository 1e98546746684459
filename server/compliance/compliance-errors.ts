/**
 * The compliance/v1 errors of its own, as domain errors with compliance codes (mapped to HTTP in
 * server/rest/errors.ts).
 */
import { ConflictError, NotFoundError } from '../errors/domain-errors.js';
import { SETTINGS_GROUP_IDS } from '../store/settings-schema.js';

export const invalidGroup = (group: string): NotFoundError =>
  new NotFoundError(`There is no settings group "${group}". Groups: ${SETTINGS_GROUP_IDS.join(', ')}.`, {
    code: 'compliance_invalid_group',
    data: { params: { group: `group must be one of ${SETTINGS_GROUP_IDS.join(', ')}.` } },
  });

export const checkboxNotFound = (id: number): NotFoundError =>
  new NotFoundError(`There is no checkbox with the id ${id}.`, { code: 'compliance_checkbox_not_found' });

export const moduleDisabled = (module: string, setting: string): ConflictError =>
  new ConflictError(`The ${module} module is switched off. Turn on the setting ${setting} first.`, {
    code: 'compliance_module_disabled',
  });
