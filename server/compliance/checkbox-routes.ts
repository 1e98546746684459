/**
 * compliance/v1 checkbox routes: the list, the statistics, one checkbox and its update, and two extensions of the
 * spec for the admin (docs/compliance-v1.md): create (POST /checkboxes) and delete (DELETE /checkboxes/{id}).
 */
import type { ArgSchema } from '../rest/args.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse } from '../rest/route.js';
import { CHECKBOX_LOCATIONS, type CheckboxLocation } from '../store/schema.js';
import {
  checkboxStatistics,
  createCheckbox,
  deleteCheckbox,
  listCheckboxes,
  readCheckbox,
  updateCheckbox,
  type CheckboxChanges,
  type NewCheckbox,
} from './checkbox-service.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { withResponseFilter } from './response-filter.js';

const ID_ARG: Record<string, ArgSchema> = { id: { type: 'integer', description: 'Checkbox id.', required: true } };

/** The writable fields, one declaration for update and create, so both validate alike. */
const FIELD_ARGS: Record<string, ArgSchema> = {
  label: { type: 'string', description: 'Text shown to the customer.', minLength: 1, maxLength: 500 },
  required: { type: 'boolean', description: 'Whether the form needs it ticked.' },
  enabled: { type: 'boolean', description: 'Whether the form shows it.' },
  position: { type: 'integer', description: 'Display order within its location, ascending.', minimum: 0, maximum: 100_000 },
  location: { type: 'string', description: 'The form that shows it.', enum: CHECKBOX_LOCATIONS },
  legal_page_id: { type: 'integer', description: 'Id of the linked legal page, 0 for none.', minimum: 0 },
};
const UPDATE_ARGS: Record<string, ArgSchema> = { ...ID_ARG, ...FIELD_ARGS };
const CREATE_ARGS: Record<string, ArgSchema> = {
  ...FIELD_ARGS,
  label: { ...FIELD_ARGS.label!, required: true },
  location: { ...FIELD_ARGS.location!, required: true },
};
const WRITABLE = Object.keys(FIELD_ARGS);
const READ_ONLY = ['id', 'created_at', 'updated_at', 'stats'];

const given = (params: Record<string, unknown>) => Object.fromEntries(WRITABLE.filter((name) => params[name] !== undefined).map((name) => [name, params[name]]));

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
      {
        methods: ['POST'],
        permission: 'manage_shop',
        args: CREATE_ARGS,
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: READ_ONLY,
        handler: withResponseFilter(hooks, 'checkbox', async ({ params }) => {
          return new RestResponse(await createCheckbox(store, given(params) as NewCheckbox), 201);
        }),
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
        readOnlyFields: READ_ONLY,
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => updateCheckbox(store, params.id as number, given(params) as CheckboxChanges)),
      },
      {
        methods: ['DELETE'],
        permission: 'manage_shop',
        args: ID_ARG,
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => deleteCheckbox(store, params.id as number)),
      },
    ],
  });
}
