/**
 * Everything the order view shows of one order, read together: the order with its history, notes and consent proof
 * (vitrine/v1), its WooCommerce shape (shipping and fee lines, tax), its withdrawals with their deadlines, and the
 * shop's time zone. `reload` reads it all again after a change, keeping the old answer on screen meanwhile.
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import type { VitrineOrder } from '../../../api/orders.js';
import type { ManagedWithdrawal } from '../../../api/withdrawals.js';
import { getSettingsGroup } from '../../data/compliance-api.js';
import { getOrder, getWcOrder, type WcOrder } from '../../data/orders-api.js';
import { errorMessage } from '../../data/rest-error.js';
import { listOrderWithdrawals } from '../../data/withdrawals-api.js';
import { setOrdersTimeZone } from '../order-format.js';

export interface LoadedOrder {
  order: VitrineOrder;
  wc: WcOrder;
  withdrawals: ManagedWithdrawal[];
}

export function useOrder(id: number): { data: LoadedOrder | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<LoadedOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    Promise.all([getOrder(id), getWcOrder(id), listOrderWithdrawals(id), getSettingsGroup('general')]).then(
      ([order, wc, withdrawals, general]) => {
        if (!current) return;
        setOrdersTimeZone(String(general.settings.timezone ?? ''));
        setData({ order, wc, withdrawals });
        setError(null);
      },
      (failure) => { if (current) setError(errorMessage(failure)); },
    );
    return () => { current = false; };
  }, [id, count]);
  return { data, error, reload: useCallback(() => setCount((value) => value + 1), []) };
}
