/**
 * Everything the order view shows of one order, read together: the order with its history, notes and consent proof
 * (vitrine/v1), its WooCommerce shape (shipping and fee lines, tax) and its withdrawals with their deadlines. (Dates
 * and money are written in the shop's locale and time zone, which the start data gives: ../../locale/.) `reload` reads
 * it all again after a change, keeping the old answer on screen meanwhile.
 */
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import type { VitrineOrder } from '../../../api/orders.js';
import type { ManagedWithdrawal } from '../../../api/withdrawals.js';
import { getOrder, getWcOrder, type WcOrder } from '../../data/orders-api.js';
import { errorMessage } from '../../data/rest-error.js';
import { listOrderWithdrawals } from '../../data/withdrawals-api.js';

export interface LoadedOrder {
  order: VitrineOrder;
  wc: WcOrder;
  withdrawals: ManagedWithdrawal[];
}

/**
 * @returns the order (null until it comes), the error's message, and `reload`, which resolves once the new answer is
 *   shown: a change's confirmation is given with the order as it now is, never beside its old buttons
 */
export function useOrder(id: number): { data: LoadedOrder | null; error: string | null; reload: () => Promise<void> } {
  const [data, setData] = useState<LoadedOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Only the newest request's answer is shown: an older one that comes late is dropped.
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const request = ++latest.current;
    try {
      const [order, wc, withdrawals] = await Promise.all([getOrder(id), getWcOrder(id), listOrderWithdrawals(id)]);
      if (request !== latest.current) return;
      setData({ order, wc, withdrawals });
      setError(null);
    } catch (failure) {
      if (request === latest.current) setError(errorMessage(failure));
    }
  }, [id]);
  useEffect(() => {
    void reload();
    // Leaving the view makes any answer still on its way stale.
    return () => {
      latest.current += 1;
    };
  }, [reload]);
  return { data, error, reload };
}
