/**
 * Orders in `orders.json`. Placing an order and giving its stock back touch two files, the orders and the catalog, and
 * must happen together: the catalog journal line that moves the stock carries the order as an attached record, and
 * that one durable append commits both. The consent log and orders.json are written right after, still under the
 * catalog's lock. A process killed in between leaves the line; the next writer under the catalog's lock (and the next
 * start) settles it: an order missing from orders.json is added, its consent records first when the log has none for
 * it; a stock return the order does not show yet is recorded on it. Settling is idempotent, so settling a record twice,
 * or one of a writer that did finish, changes nothing. The messages an order or its change causes travel the same way:
 * in the journal record and in orders.json's pending outbox (lowdb-outbox.ts), added by the settler with its order.
 */
import { isEmptyEdit } from '../catalog-edits.js';
import { orderNumber } from '../numbering.js';
import type { NewMessage } from '../outbox.js';
import type { ConsentRecord, Order } from '../schema.js';
import { StoreNotFoundError, withShippingFields, type OrderRepository } from '../store.js';
import type { JsonDocument } from './json-document.js';
import type { CommitEdit, LowdbCatalog, SettleAttached } from './lowdb-catalog.js';
import type { OrdersFile } from './lowdb-files.js';
import { cancels } from '../coupons-store.js';
import { recountCouponUse, releaseOrderCoupons, useCoupons } from './lowdb-coupons.js';
import { newestFirst, withReference, type RecordConsent } from './lowdb-shop.js';

/** What a journal line carries for an order: the order as stored by the change, and for a new one its consent. */
interface OrderJournalRecord {
  kind: 'order';
  /** true: the line placed the order (it took the stock); false: it gave the order's stock back. */
  placed: boolean;
  order: Order;
  consent: ConsentRecord[];
  /** The messages of the placement or the change (absent in lines written before the outbox). */
  outbox?: NewMessage[];
  /** Who used the placed order's coupons (its `coupon_lines`), to count those uses with it. */
  coupon_user?: string;
}

/** The journal record of an order change that gives the order's stock back (withdrawals attach it too). */
export const stockReturnRecord = (order: Order, outbox: readonly NewMessage[] = []): OrderJournalRecord => ({
  kind: 'order',
  placed: false,
  order,
  consent: [],
  outbox: [...outbox],
});

const isOrderRecord = (record: unknown): record is OrderJournalRecord =>
  typeof record === 'object' && record !== null && (record as { kind?: unknown }).kind === 'order';

const sameEntry = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Applies one record to the file's draft unless it is there already. */
function applyRecord(draft: OrdersFile, { placed, order, outbox = [], coupon_user }: OrderJournalRecord): void {
  const index = draft.orders.findIndex((stored) => stored.id === order.id);
  if (placed) {
    if (index >= 0) return;
    if (coupon_user !== undefined) {
      recountCouponUse(
        draft,
        order.coupon_lines.map((line) => line.coupon_id),
        coupon_user,
      );
    }
    draft.orders.push(order);
    draft.outbox.push(...outbox);
    draft.last_id = Math.max(draft.last_id, order.id);
    return;
  }
  const stored = index >= 0 ? draft.orders[index]! : null;
  if (!stored || stored.stock_returned) return;
  if (cancels(stored, order)) releaseOrderCoupons(draft, stored);
  draft.outbox.push(...outbox);
  // Notes written meanwhile (they do not take the catalog's lock) are kept; the return's status and history are added.
  draft.orders[index] = {
    ...stored,
    status: order.status,
    stock_returned: true,
    date_paid: stored.date_paid ?? order.date_paid,
    history: [
      ...stored.history,
      ...order.history.filter((entry) => !stored.history.some((kept) => sameEntry(kept, entry))),
    ],
  };
}

/** The settler the catalog calls with the records of its journal lines (lowdb-catalog.ts). */
export function orderRecordSettler(
  document: JsonDocument<OrdersFile>,
  recordConsent: RecordConsent,
  consentLog: () => Promise<ConsentRecord[]>,
): SettleAttached {
  return async (records) => {
    const orderRecords = records.filter(isOrderRecord);
    if (orderRecords.length === 0) return;
    const stored = new Set((await document.current()).orders.map((order) => order.id));
    const missing = orderRecords.filter((record) => record.placed && !stored.has(record.order.id));
    if (missing.length > 0) {
      const logged = new Set((await consentLog()).map((entry) => entry.reference));
      for (const { order, consent } of missing) {
        const reference = `order:${order.number}`;
        if (!logged.has(reference)) await recordConsent(withReference(consent, reference));
      }
    }
    await document.update((draft) => orderRecords.forEach((record) => applyRecord(draft, record)));
  };
}

export function lowdbOrders(
  document: JsonDocument<OrdersFile>,
  catalog: LowdbCatalog,
  recordConsent: RecordConsent,
): OrderRepository {
  const orders = async () => (await document.current()).orders;

  /** Changes one order; a stock edit is committed (with the order attached) before orders.json is written. */
  const changeOrder = <T>(
    id: number,
    change: Parameters<OrderRepository['change']>[1],
    commit: CommitEdit | null,
    data: Parameters<typeof change>[1],
  ) =>
    document
      .update(
        (draft) => {
          const index = draft.orders.findIndex((order) => order.id === id);
          if (index < 0) throw new StoreNotFoundError(`There is no order with the id ${id}.`);
          const before = draft.orders[index]!;
          const outcome = change(structuredClone(before), data);
          if (cancels(before, outcome.order)) releaseOrderCoupons(draft, before);
          draft.orders[index] = outcome.order;
          draft.outbox.push(...structuredClone(outcome.outbox ?? []));
          return outcome;
        },
        async (outcome) => {
          if (!outcome.stock || isEmptyEdit(outcome.stock)) return;
          if (!commit) throw new Error('An order change that moves stock must be made withCatalog.');
          await commit(outcome.stock, [stockReturnRecord(outcome.order, outcome.outbox)]);
        },
      )
      .then((outcome) => structuredClone(outcome.result) as T);

  return {
    place(order, consent, takeStock, outbox, coupons) {
      return catalog.exclusive((data, commit) =>
        document
          .update(
            (draft) => {
              const id = draft.last_id + 1;
              const placed: Order = { ...withShippingFields(structuredClone(order)), id, number: orderNumber(id) };
              const edit = takeStock(data);
              if (coupons) useCoupons(draft, coupons);
              const messages = structuredClone(outbox?.(placed) ?? []);
              draft.last_id = id;
              draft.orders.push(placed);
              draft.outbox.push(...messages);
              return { placed, edit, messages };
            },
            async ({ placed, edit, messages }) => {
              const record: OrderJournalRecord = {
                kind: 'order',
                placed: true,
                order: placed,
                consent: [...consent],
                outbox: [...messages],
                ...(coupons ? { coupon_user: coupons.usedBy } : {}),
              };
              await commit(edit, [record]);
              await recordConsent(withReference(consent, `order:${placed.number}`));
            },
          )
          .then(({ placed }) => structuredClone(placed)),
      );
    },
    async find(id) {
      return (await orders()).find((order) => order.id === id) ?? null;
    },
    async findByNumber(number) {
      return (await orders()).find((order) => order.number === number) ?? null;
    },
    async listByUser(userId) {
      return newestFirst((await orders()).filter((order) => order.user_id === userId));
    },
    async list() {
      return newestFirst(await orders());
    },
    change(id, change, options = {}) {
      if (!options.withCatalog) return changeOrder(id, change, null, null);
      return catalog.exclusive((data, commit) => changeOrder(id, change, commit, data));
    },
  };
}
