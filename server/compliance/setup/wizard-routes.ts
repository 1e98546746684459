/**
 * compliance/v1 wizard routes: `GET /wizard` (its recorded state) and `POST /wizard/complete`, as the API document has
 * them; `GET /setup` (whether each step's result exists now) and `POST /setup/reviewed` (a step confirmed), ours.
 */
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint } from '../../rest/route.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { withResponseFilter } from '../response-filter.js';
import { REVIEWED_STEPS } from '../../../client/api/compliance.js';
import { recordReviewed, setupStatus } from './setup-status.js';
import { WIZARD_STEPS, completeWizard, readWizard } from './wizard-service.js';

export function registerWizardRoutes(rest: RestRegistry, { store, hooks }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/wizard',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'wizard', () => readWizard(store)),
      },
    ],
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
  rest.register({
    namespace: 'compliance/v1',
    path: '/setup',
    endpoints: [{ methods: ['GET'], permission: 'manage_shop', handler: () => setupStatus(store) }],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/setup/reviewed',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        requireJsonObject: true,
        rejectUnknownFields: true,
        args: {
          step: {
            type: 'string',
            description: 'The step the manager confirmed.',
            required: true,
            enum: REVIEWED_STEPS,
          },
        },
        handler: ({ params }) => recordReviewed(store, params.step),
      }),
    ],
  });
}
