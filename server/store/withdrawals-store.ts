import type { CatalogData, CatalogEdit } from './catalog-types.js';
import type { Enqueue, NewMessage } from './outbox.js';
import type { Order, WithdrawalRequest } from './schema.js';

/** What a manager records on a withdrawal as they process it. */
export type WithdrawalProcessing = Pick<WithdrawalRequest, 'goods_received_on' | 'refund'>;

/** What processing a withdrawal reads, all fresh and held still while it decides. */
export interface WithdrawalProcessingState {
  /** The withdrawal's order (null only for a store copy whose order is gone). */
  order: Order | null;
  /** Every withdrawal of that order, this one included, with their refunds. */
  withdrawals: WithdrawalRequest[];
  /** The catalog, when processed `withCatalog` (a change of the order may give its stock back). */
  catalog: CatalogData | null;
}

/**
 * What processing a withdrawal decides: its processing, and the order's change stored with it when a refund settles
 * the order (moved to `refunded`, with the stock edit that gives its units back).
 */
export interface WithdrawalProcessingOutcome extends WithdrawalProcessing {
  /** `outbox`: the messages of the order's move (the customer told of the refund), stored with it. */
  orderChange?: { order: Order; stock?: CatalogEdit | null; outbox?: readonly NewMessage[] } | null;
}

export interface WithdrawalRepository {
  /**
   * Stores a withdrawal, not yet processed, with the next reference (`WD-000001`, ...) and the messages it causes, in
   * one operation.
   */
  create(
    request: Omit<WithdrawalRequest, 'id' | 'reference' | 'goods_received_on' | 'refund'>,
    outbox?: Enqueue<WithdrawalRequest>,
  ): Promise<WithdrawalRequest>;
  /** Every withdrawal, newest first. */
  list(): Promise<WithdrawalRequest[]>;
  find(id: number): Promise<WithdrawalRequest | null>;
  /**
   * Replaces the processing of withdrawal `id` with what `decide` makes of its freshest state, and stores the order
   * change it decides with it, in one operation: changes of that order and of its withdrawals wait meanwhile, so two
   * managers at once cannot both record a refund, nor two refunds of one order together exceed it. `decide` may throw
   * to refuse; nothing is then written. With `withCatalog`, catalog changes wait too and the order change's stock edit
   * is stored in the same operation (PostgreSQL: one transaction; lowdb: one journal line carrying the edit, the order
   * and the withdrawal, settled after a crash as an order's stock return is).
   * @throws StoreNotFoundError when there is no such withdrawal
   */
  process(
    id: number,
    decide: (current: WithdrawalRequest, state: WithdrawalProcessingState) => WithdrawalProcessingOutcome,
    options?: { withCatalog?: boolean },
  ): Promise<WithdrawalRequest>;
}
