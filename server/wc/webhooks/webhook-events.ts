/**
 * Where webhook topics are emitted: at the store's own change operations, so that every way of changing an order, a
 * product or a customer (the checkout, `wc/v3`, the admin, imports, the hold sweeper) emits its topic once per change
 * without each route remembering to. `withWebhookEvents(store)` answers the same store with `orders.place` and
 * `orders.change`, `catalog.change` and `users.create` followed by queueing the deliveries of the topic they caused.
 *
 * The delivery is queued right after the change is stored and before the caller hears of it; from then on the outbox
 * keeps it across crashes (webhooks-store.ts).
 */
import { productById } from '../../store/catalog-lookup.js';
import type { CatalogStore, OrderRepository, Store, UserRepository } from '../../store/store.js';
import type { WebhookTopic } from './webhook-topics.js';

type Emit = (events: readonly [WebhookTopic, number][]) => Promise<void>;

/** `target` with some of its members replaced; the rest still run on `target` itself (private fields and all). */
function overlay<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T];
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

function emittingOrders(orders: OrderRepository, emit: Emit): Partial<OrderRepository> {
  return {
    async place(...args) {
      const order = await orders.place(...args);
      await emit([['order.created', order.id]]);
      return order;
    },
    async change(id, change, options) {
      let changed = false;
      const result = await orders.change(
        id,
        (order, catalog) => {
          const outcome = change(order, catalog);
          // A change that answers the order it was given (a reminder not due yet) stored nothing new.
          changed = outcome.order !== order;
          return outcome;
        },
        options,
      );
      if (changed) await emit([['order.updated', id]]);
      return result;
    },
  };
}

function emittingCatalog(catalog: CatalogStore, emit: Emit): Partial<CatalogStore> {
  return {
    async change(change) {
      const topics: [WebhookTopic, number][] = [];
      const result = await catalog.change((data) => {
        const outcome = change(data);
        topics.length = 0;
        for (const product of outcome.edit?.upsert ?? [])
          topics.push([productById(data.products, product.id) ? 'product.updated' : 'product.created', product.id]);
        for (const id of outcome.edit?.remove ?? []) topics.push(['product.deleted', id]);
        return outcome;
      });
      await emit(topics);
      return result;
    },
  };
}

function emittingUsers(users: UserRepository, emit: Emit): Partial<UserRepository> {
  return {
    async create(...args) {
      const user = await users.create(...args);
      if (user.roles.includes('customer')) await emit([['customer.created', user.id]]);
      return user;
    },
  };
}

/**
 * @param queued called after deliveries were queued (to wake the sender)
 * @param log where a failure to queue is reported: the change itself is stored, so it is not undone
 */
export function withWebhookEvents(store: Store, queued: () => void, log: (line: string) => void): Store {
  const emit: Emit = async (events) => {
    if (events.length === 0) return;
    const at = new Date().toISOString();
    try {
      const deliveries = await store.webhooks.queue(
        events.map(([topic, resourceId]) => ({ topic, resource_id: resourceId, created_at: at })),
      );
      if (deliveries.length > 0) queued();
    } catch (error) {
      const [topic, resourceId] = events[0]!;
      log(
        `[vitrine] queueing the webhooks of ${topic} ${resourceId}${events.length > 1 ? ` and ${events.length - 1} more changes` : ''} failed: ${(error as Error).message}`,
      );
    }
  };
  return overlay(store, {
    orders: overlay(store.orders, emittingOrders(store.orders, emit)),
    catalog: overlay(store.catalog, emittingCatalog(store.catalog, emit)),
    users: overlay(store.users, emittingUsers(store.users, emit)),
  });
}
