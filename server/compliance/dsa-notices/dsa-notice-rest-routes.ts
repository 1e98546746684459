/**
 * compliance/v1 `dsa-notices`: managers list the notices sent through the storefront and record their decisions
 * (an extension of the spec, documented in docs/compliance-v1.md). Times are the shop's local time, as elsewhere.
 */
import type { ArgSchemas } from '../../rest/args.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint } from '../../rest/route.js';
import { DSA_NOTICE_STATUSES, type DsaNotice } from '../../store/schema.js';
import { StoreNotFoundError, type Store } from '../../store/store.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { withResponseFilter } from '../response-filter.js';
import { shopLocalTime } from '../shop-context.js';

const ID_ARG = { id: { type: 'integer', description: 'Notice id.', required: true } } as const satisfies ArgSchemas;

const noticeNotFound = (id: number) =>
  new RestError('compliance_dsa_notice_not_found', `There is no DSA notice with the id ${id}.`, 404);

function noticeResponse(store: Store, notice: DsaNotice): DsaNotice {
  return {
    ...notice,
    created_at: shopLocalTime(store, notice.created_at),
    updated_at: shopLocalTime(store, notice.updated_at),
  };
}

export function registerDsaNoticeRoutes(rest: RestRegistry, { store, hooks, mail }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/dsa-notices',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { status: { type: 'string', description: 'Only the notices in this state.', enum: DSA_NOTICE_STATUSES } },
        handler: withResponseFilter(hooks, 'dsa_notices', async ({ params }) => {
          // Newest first: the queue a manager works through starts with what just arrived.
          const notices = (await store.dsaNotices.list())
            .filter((notice) => !params.status || notice.status === params.status)
            .reverse();
          return { notices: notices.map((notice) => noticeResponse(store, notice)), total: notices.length };
        }),
      }),
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/dsa-notices/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: ID_ARG,
        handler: withResponseFilter(hooks, 'dsa_notice', async ({ params }) => {
          const notice = await store.dsaNotices.find(params.id);
          if (!notice) throw noticeNotFound(params.id);
          return noticeResponse(store, notice);
        }),
      }),
      endpoint({
        methods: ['PUT', 'PATCH', 'POST'],
        permission: 'manage_shop',
        args: {
          ...ID_ARG,
          status: {
            type: 'string',
            description: 'The new state of the notice.',
            enum: DSA_NOTICE_STATUSES,
            required: true,
          },
          decision_note: { type: 'string', description: 'Statement of reasons sent to the notifier.', maxLength: 5000 },
        },
        requireJsonObject: true,
        rejectUnknownFields: true,
        readOnlyFields: [
          'reference',
          'url',
          'explanation',
          'name',
          'email',
          'good_faith',
          'ip',
          'product_id',
          'created_at',
          'updated_at',
        ],
        handler: withResponseFilter(hooks, 'dsa_notice', async ({ params }) => {
          const change = { status: params.status, decision_note: params.decision_note };
          // The notifier hears of a decision once: when the notice reaches a final state, not when it is saved again.
          const before = await store.dsaNotices.find(params.id);
          const outbox = before && before.status !== params.status ? mail.dsaNoticeDecided : undefined;
          try {
            return noticeResponse(
              store,
              await store.dsaNotices.setStatus(params.id, change, new Date().toISOString(), outbox),
            );
          } catch (error) {
            if (error instanceof StoreNotFoundError) throw noticeNotFound(params.id);
            throw error;
          }
        }),
      }),
    ],
  });
}
