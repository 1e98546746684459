/**
 * `wc/v3/coupons`: list (paged, `search`, `code`), create (201), read, update, delete (`force=true`: coupons keep no
 * trash), and the batch (creates, updates, deletes, each item on its own), in WooCommerce's shapes and codes. A code another coupon has is `woocommerce_rest_coupon_code_already_exists`;
 * a bad body is a 400 naming every bad field, and stores nothing. Shop managers (and their keys) only.
 */
import type { Config } from '../config.js';
import { paginate } from '../catalog/product-reads.js';
import type { ArgSchemas } from '../rest/args.js';
import { validateArgs } from '../rest/args.js';
import { invalidParams, missingParams, RestError, restErrorOf } from '../rest/errors.js';
import { batchRequestOf } from './wc-product-writes.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { couponCode, type Coupon } from '../store/coupons-store.js';
import { StoreConflictError, StoreNotFoundError, type Store } from '../store/store.js';
import { applyCouponInput, blankCoupon, COUPON_ARGS, type CouponParams } from './wc-coupon-input.js';
import { wcCoupon } from './wc-coupon-shape.js';
import { cannotBatch, cannotCreate, cannotDelete, cannotEdit, cannotView } from './wc-errors.js';
import { NAMESPACE, PAGING } from './wc-product-routes.js';
import { shopTimeZone } from './wc-shape.js';

const COUPON_ID = {
  id: { type: 'integer', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;

const invalidId = (status: 400 | 404 = 404) =>
  new RestError('woocommerce_rest_shop_coupon_invalid_id', 'Invalid ID.', status);
const codeExists = () =>
  new RestError('woocommerce_rest_coupon_code_already_exists', 'The coupon code already exists', 400);

/** The store's refusal of a taken code as WooCommerce answers it. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StoreConflictError && error.field === 'code') throw codeExists();
    throw error;
  }
}

export function registerWcCouponRoutes(registry: RestRegistry, { store, config }: { store: Store; config: Config }) {
  const base = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/coupons`;
  const shape = (coupon: Coupon) => wcCoupon(coupon, shopTimeZone(store));
  const now = () => new Date().toISOString();

  const create = async (params: CouponParams, body: unknown) => {
    if (!params.code) throw missingParams(['code']);
    const at = now();
    const coupon = applyCouponInput(blankCoupon(at), params, body, shopTimeZone(store), at);
    return uniqueCode(() => store.coupons.create(coupon));
  };
  const update = async (id: number, params: CouponParams, body: unknown) => {
    try {
      return await uniqueCode(() =>
        store.coupons.update(id, (coupon) => ({
          ...coupon,
          ...applyCouponInput(coupon, params, body, shopTimeZone(store), now()),
        })),
      );
    } catch (error) {
      if (error instanceof StoreNotFoundError) throw invalidId(400);
      throw error;
    }
  };
  /** A batch item's body checked as the single routes check theirs. */
  const itemParams = (body: unknown): CouponParams => {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidParams({ body: 'Each item must be an object.' });
    const { values, invalid } = validateArgs(COUPON_ARGS, body as Record<string, unknown>);
    if (Object.keys(invalid).length) throw invalidParams(invalid);
    return values as CouponParams;
  };
  /** One item's answer: the coupon, or WooCommerce's `{id, error}`; a fault that is no refusal fails the batch. */
  const attempt = async (id: number, run: () => Promise<Coupon>) => {
    try {
      return shape(await run());
    } catch (error) {
      const { restError, expected } = restErrorOf(error);
      if (!expected) throw error;
      return { id, error: restError.toBody() };
    }
  };
  const idOf = (item: unknown) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    const number = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    return Number.isSafeInteger(number) && (number as number) > 0 ? (number as number) : 0;
  };

  registry.register({
    namespace: NAMESPACE,
    path: '/coupons',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: {
          ...PAGING,
          search: { type: 'string', description: 'Limit results to those matching a string.', maxLength: 200 },
          code: { type: 'string', description: 'Limit result set to resources with a specific code.', maxLength: 200 },
        },
        handler: async ({ params }) => {
          // Newest first, as WooCommerce orders by date.
          let found = (await store.coupons.list()).reverse();
          if (params.code !== undefined) found = found.filter((coupon) => coupon.code === couponCode(params.code!));
          if (params.search) {
            const words = params.search.toLowerCase();
            found = found.filter(
              (coupon) => coupon.code.includes(words) || coupon.description.toLowerCase().includes(words),
            );
          }
          const page = paginate(found, params.page, params.per_page);
          return new RestResponse(page.items.map(shape), 200, {
            'X-WP-Total': String(page.total),
            'X-WP-TotalPages': String(page.totalPages),
          });
        },
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        args: COUPON_ARGS,
        handler: async ({ params, body }) => {
          const created = await create(params as CouponParams, body);
          return new RestResponse(shape(created), 201, { Location: `${base}/${created.id}` });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/coupons/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        args: COUPON_ID,
        handler: async ({ params }) => {
          const coupon = await store.coupons.find(params.id);
          if (!coupon) throw invalidId();
          return shape(coupon);
        },
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        args: { ...COUPON_ID, ...COUPON_ARGS },
        handler: async ({ params, body }) => {
          const { id, ...changes } = params;
          return shape(await update(id, changes as CouponParams, body));
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        args: {
          ...COUPON_ID,
          force: { type: 'boolean', description: 'Whether to bypass trash and force deletion.', default: false },
        },
        handler: async ({ params }) => {
          if (!(await store.coupons.find(params.id))) throw invalidId();
          if (!params.force) {
            throw new RestError(
              'woocommerce_rest_trash_not_supported',
              'The coupon does not support trashing. Delete it with force=true.',
              501,
            );
          }
          const removed = await store.coupons.remove(params.id);
          if (!removed) throw invalidId();
          return shape(removed);
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/coupons/batch',
    endpoints: [
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotBatch,
        handler: async ({ body }) => {
          // Creates, then updates, then deletes, each on its own, as WooCommerce runs a batch; deletes are forced.
          const request = batchRequestOf(body);
          const answer = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] };
          for (const item of request.create) answer.create.push(await attempt(0, () => create(itemParams(item), item)));
          for (const item of request.update) {
            const id = idOf(item);
            answer.update.push(
              await attempt(id, () => (id ? update(id, itemParams(item), item) : Promise.reject(invalidId(400)))),
            );
          }
          for (const item of request.delete) {
            const id = idOf(item);
            answer.delete.push(
              await attempt(id, async () => {
                const removed = id ? await store.coupons.remove(id) : null;
                if (!removed) throw invalidId();
                return removed;
              }),
            );
          }
          return answer;
        },
      }),
    ],
  });
}
