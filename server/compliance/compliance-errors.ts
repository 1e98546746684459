/** The compliance/v1 errors of its own, beside the framework's WordPress ones (server/rest/errors.ts). */
import { RestError } from '../rest/errors.js';
import { SETTINGS_GROUP_IDS } from '../store/settings-schema.js';

export const invalidGroup = (group: string): RestError =>
  new RestError('compliance_invalid_group', `There is no settings group "${group}". Groups: ${SETTINGS_GROUP_IDS.join(', ')}.`, 404, {
    params: { group: `group must be one of ${SETTINGS_GROUP_IDS.join(', ')}.` },
  });

export const checkboxNotFound = (id: number): RestError =>
  new RestError('compliance_checkbox_not_found', `There is no checkbox with the id ${id}.`, 404);

export const moduleDisabled = (module: string, setting: string): RestError =>
  new RestError('compliance_module_disabled', `The ${module} module is switched off. Turn on the setting ${setting} first.`, 409);
