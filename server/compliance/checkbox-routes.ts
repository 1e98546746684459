/** compliance/v1 checkbox routes: the list, the statistics, one checkbox, and its update. */
import type { ArgSchema } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { CHECKBOX_LOCATIONS, type CheckboxLocation } from '../store/schema.js';
import { checkboxStatistics, listCheckboxes, readCheckbox, updateCheckbox, type CheckboxChanges } from './checkbox-service.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { withResponseFilter } from './response-filter.js';

const ID_ARG: Record<string, ArgSchema> = { id: { type: 'integer', description: 'Checkbox id.', required: true } };

const UPDATE_ARGS: Record<string, ArgSchema> = {
  ...ID_ARG,
  label: { type: 'string', description: 'Text shown to the customer.', minLength: 1, maxLength: 500 },
  required: { type: 'boolean', description: 'Whether the form needs it ticked.' },
  enabled: { type: 'boolean', description: 'Whether the form shows it.' },
  position: { type: 'integer', description: 'Display order within its location, ascending.', minimum: 0, maximum: 100_000 },
  location: { type: 'string', description: 'The form that shows it.', enum: CHECKBOX_LOCATIONS },
  legal_page_id: { type: 'integer', description: 'Id of the linked legal page, 0 for none.', minimum: 0 },
};
const UPDATABLE = Object.keys(UPDATE_ARGS).filter((name) => name !== 'id');

export function registerCheckboxRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        args: { location: { type: 'string', description: 'Only the checkboxes of this form.', enum: CHECKBOX_LOCATIONS } },
        handler: withResponseFilter(hooks, 'checkboxes', ({ params }) => listCheckboxes(store, params.location as CheckboxLocation | undefined)),
      },
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes/stats',
    endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: withResponseFilter(hooks, 'checkbox_stats', () => checkboxStatistics(store)) }],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes/(?P<id>[\\d]+)',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        args: ID_ARG,
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => readCheckbox(store, params.id as number)),
      },
      {
        methods: ['PUT', 'PATCH'],
        permission: 'manage_shop',
        args: UPDATE_ARGS,
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: ['id', 'created_at', 'updated_at', 'stats'],
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => {
          const changes = Object.fromEntries(UPDATABLE.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]));
          return updateCheckbox(store, params.id as number, changes as CheckboxChanges);
        }),
      },
    ],
  });
}
