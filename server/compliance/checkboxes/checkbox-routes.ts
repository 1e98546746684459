/**
 * compliance/v1 checkbox routes: the list, the statistics, one checkbox and its update, and two extensions of the
 * spec for the admin (docs/compliance-v1.md): create (POST /checkboxes) and delete (DELETE /checkboxes/{id}).
 */
import type { ArgSchemas } from '../../rest/args.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import { CHECKBOX_LOCATIONS } from '../../store/schema.js';
import {
  checkboxStatistics,
  createCheckbox,
  deleteCheckbox,
  listCheckboxes,
  readCheckbox,
  updateCheckbox,
} from './checkbox-service.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { withResponseFilter } from '../response-filter.js';

const ID_ARG = { id: { type: 'integer', description: 'Checkbox id.', required: true } } as const satisfies ArgSchemas;

/** The writable fields, one declaration for update and create, so both validate alike. */
const FIELD_ARGS = {
  label: { type: 'string', description: 'Text shown to the customer.', minLength: 1, maxLength: 500 },
  required: { type: 'boolean', description: 'Whether the form needs it ticked.' },
  enabled: { type: 'boolean', description: 'Whether the form shows it.' },
  position: {
    type: 'integer',
    description: 'Display order within its location, ascending.',
    minimum: 0,
    maximum: 100_000,
  },
  location: { type: 'string', description: 'The form that shows it.', enum: CHECKBOX_LOCATIONS },
  legal_page_id: { type: 'integer', description: 'Id of the linked legal page, 0 for none.', minimum: 0 },
} as const satisfies ArgSchemas;
const UPDATE_ARGS = { ...ID_ARG, ...FIELD_ARGS };
const CREATE_ARGS = {
  ...FIELD_ARGS,
  label: { ...FIELD_ARGS.label, required: true },
  location: { ...FIELD_ARGS.location, required: true },
} as const;
const READ_ONLY = ['id', 'created_at', 'updated_at', 'stats'];

export function registerCheckboxRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          location: { type: 'string', description: 'Only the checkboxes of this form.', enum: CHECKBOX_LOCATIONS },
        },
        handler: withResponseFilter(hooks, 'checkboxes', ({ params }) => listCheckboxes(store, params.location)),
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        args: CREATE_ARGS,
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: READ_ONLY,
        // Params hold only the declared fields that the body set.
        handler: withResponseFilter(
          hooks,
          'checkbox',
          async ({ params }) => new RestResponse(await createCheckbox(store, params), 201),
        ),
      }),
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes/stats',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'checkbox_stats', () => checkboxStatistics(store)),
      },
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: ID_ARG,
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => readCheckbox(store, params.id)),
      }),
      endpoint({
        methods: ['PUT', 'PATCH'],
        permission: 'manage_shop',
        args: UPDATE_ARGS,
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: READ_ONLY,
        handler: withResponseFilter(hooks, 'checkbox', ({ params: { id, ...changes } }) =>
          updateCheckbox(store, id, changes),
        ),
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        args: ID_ARG,
        handler: withResponseFilter(hooks, 'checkbox', ({ params }) => deleteCheckbox(store, params.id)),
      }),
    ],
  });
}
