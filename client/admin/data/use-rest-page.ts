/**
 * One page of a list paged by the server (DataViews screens over wc/v3): read again whenever `deps` change (the
 * view: search, filters, page) or `reload` is called, the page shown so far kept on screen meanwhile; an answer that
 * comes after a newer request was made is dropped.
 * @param load reads the page for the current view, e.g. `() => getOrdersPage(ordersQueryArgs(view))`
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import type { RestListPage } from './rest-client.js';
import { errorMessage } from './rest-error.js';

export function useRestPage<T>(
  load: () => Promise<RestListPage<T>>,
  deps: readonly unknown[],
): {
  page: RestListPage<T> | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
} {
  const [page, setPage] = useState<RestListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    load()
      .then(
        (answer) => {
          if (current) {
            setPage(answer);
            setError(null);
          }
        },
        (failure) => {
          if (current) setError(errorMessage(failure));
        },
      )
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
    // `load` is a new closure each render; what it reads is in `deps`.
  }, [...deps, reloads]);
  return { page, loading, error, reload: useCallback(() => setReloads((count) => count + 1), []) };
}
