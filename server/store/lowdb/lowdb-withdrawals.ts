/**
 * Withdrawals in `withdrawals.json`. Processing one holds its order still: under the catalog's lock (when the order
 * may give stock back), then the orders file's, then this file's, `decide` reads the order and its withdrawals as they
 * are on disk, and its result is written to both files before any lock is let go. When the refund gives the order's
 * stock back, the catalog journal line that moves the stock carries the order and the withdrawal too: that one
 * durable append commits all three, and a process killed before writing the files leaves the line for the next writer
 * under the catalog's lock (or the next start) to settle, idempotently (lowdb-orders.ts does the order's part). An
 * order change that moves no stock (a cancelled order, its units back already, refunded) needs no journal line: the
 * two files are then written one after the other, withdrawals.json first.
 */
import { isEmptyEdit } from '../catalog-edits.js';
import type { CatalogData } from '../catalog-types.js';
import { withdrawalReference } from '../numbering.js';
import type { WithdrawalRequest } from '../schema.js';
import { StoreNotFoundError, type WithdrawalProcessingOutcome, type WithdrawalRepository } from '../store.js';
import type { JsonDocument } from './json-document.js';
import type { CommitEdit, LowdbCatalog, SettleAttached } from './lowdb-catalog.js';
import type { OrdersFile, WithdrawalsFile } from './lowdb-files.js';
import { stockReturnRecord } from './lowdb-orders.js';
import { pendOutbox } from './lowdb-outbox.js';
import { newestFirst } from './lowdb-shop.js';

/** What a journal line carries for a withdrawal: its processing as the line's change stored it. */
interface WithdrawalJournalRecord {
  kind: 'withdrawal';
  withdrawal: WithdrawalRequest;
}

const isWithdrawalRecord = (record: unknown): record is WithdrawalJournalRecord =>
  typeof record === 'object' && record !== null && (record as { kind?: unknown }).kind === 'withdrawal';

/**
 * The settler of withdrawal records (lowdb-catalog.ts calls it under its lock): a refund the file does not show yet is
 * recorded; a withdrawal that has one already is left alone, so that settling twice changes nothing.
 */
export function withdrawalRecordSettler(document: JsonDocument<WithdrawalsFile>): SettleAttached {
  return async (records) => {
    const pending = records.filter(isWithdrawalRecord);
    if (pending.length === 0) return;
    await document.update((draft) => {
      for (const { withdrawal } of pending) {
        const stored = draft.withdrawals.find((candidate) => candidate.id === withdrawal.id);
        if (stored && !stored.refund)
          Object.assign(stored, { goods_received_on: withdrawal.goods_received_on, refund: withdrawal.refund });
      }
    });
  };
}

export function lowdbWithdrawals(
  document: JsonDocument<WithdrawalsFile>,
  orders: JsonDocument<OrdersFile>,
  catalog: LowdbCatalog,
): WithdrawalRepository {
  /** Decides and writes under the orders file's lock and this file's; `commit` is the catalog's, when it is held. */
  async function processUnderLocks(
    id: number,
    decide: Parameters<WithdrawalRepository['process']>[1],
    data: CatalogData | null,
    commit: CommitEdit | null,
  ) {
    let processed: WithdrawalRequest | undefined;
    // orders.json is written last, after withdrawals.json: its draft is changed by the inner update's last step.
    await orders.update(
      (ordersDraft) => ordersDraft,
      async (ordersDraft) => {
        processed = await document
          .update(
            (draft) => {
              const withdrawal = draft.withdrawals.find((candidate) => candidate.id === id);
              if (!withdrawal) throw new StoreNotFoundError(`There is no withdrawal with the id ${id}.`);
              const order = ordersDraft.orders.find((candidate) => candidate.id === withdrawal.order_id) ?? null;
              const outcome: WithdrawalProcessingOutcome = decide(structuredClone(withdrawal), {
                order: structuredClone(order),
                withdrawals: structuredClone(
                  draft.withdrawals.filter((candidate) => candidate.order_id === withdrawal.order_id),
                ),
                catalog: data,
              });
              Object.assign(withdrawal, { goods_received_on: outcome.goods_received_on, refund: outcome.refund });
              return { withdrawal: structuredClone(withdrawal), orderChange: outcome.orderChange ?? null };
            },
            async ({ withdrawal, orderChange }) => {
              if (!orderChange) return;
              const index = ordersDraft.orders.findIndex((candidate) => candidate.id === orderChange.order.id);
              if (index < 0) throw new StoreNotFoundError(`There is no order with the id ${orderChange.order.id}.`);
              if (orderChange.stock && !isEmptyEdit(orderChange.stock)) {
                if (!commit) throw new Error("A withdrawal's order change that moves stock must be made withCatalog.");
                const record: WithdrawalJournalRecord = { kind: 'withdrawal', withdrawal };
                await commit(orderChange.stock, [stockReturnRecord(orderChange.order, orderChange.outbox), record]);
              }
              ordersDraft.orders[index] = orderChange.order;
              ordersDraft.outbox.push(...structuredClone(orderChange.outbox ?? []));
            },
          )
          .then(({ withdrawal }) => withdrawal);
      },
    );
    return processed!;
  }

  return {
    create(request, outbox) {
      return document.update((draft) => {
        draft.last_id += 1;
        const created = {
          ...request,
          id: draft.last_id,
          reference: withdrawalReference(draft.last_id),
          goods_received_on: null,
          refund: null,
        };
        draft.withdrawals.push(created);
        pendOutbox(draft, outbox, created);
        return structuredClone(created);
      });
    },
    async list() {
      return newestFirst((await document.current()).withdrawals);
    },
    async find(id) {
      const found = (await document.current()).withdrawals.find((withdrawal) => withdrawal.id === id);
      return found ? structuredClone(found) : null;
    },
    process(id, decide, options = {}) {
      if (options.withCatalog) return catalog.exclusive((data, commit) => processUnderLocks(id, decide, data, commit));
      return processUnderLocks(id, decide, null, null);
    },
  };
}
