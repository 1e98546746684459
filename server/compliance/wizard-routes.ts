/** compliance/v1 wizard routes: `GET /wizard` (its state, for the admin panel) and `POST /wizard/complete`. */
import type { RestRegistry } from '../rest/registry.js';
import { endpoint } from '../rest/route.js';
import type { ComplianceDependencies } from './compliance-dependencies.js';
import { withResponseFilter } from './response-filter.js';
import { WIZARD_STEPS, completeWizard, readWizard } from './wizard-service.js';

export function registerWizardRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/wizard',
    endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: withResponseFilter(hooks, 'wizard', () => readWizard(store)) }],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/wizard/complete',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        requireJsonObject: true,
        rejectUnknownFields: true,
        args: {
          steps_completed: {
            type: 'array',
            description: 'Names of the completed steps.',
            required: true,
            minItems: 1,
            items: { type: 'string', enum: WIZARD_STEPS },
          },
        },
        handler: withResponseFilter(hooks, 'wizard', ({ params }) => completeWizard(store, params.steps_completed)),
      }),
    ],
  });
}
