/** One GET for a report screen: the answer, the error (a switched-off module answers 409 with the setting to turn on), and a reload. */
import apiFetch from '@wordpress/api-fetch';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { errorMessage } from '../api/rest-error.js';

export function useRestGet<T>(path: string): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    apiFetch<T>({ path }).then(
      (answer) => { if (current) { setData(answer); setError(null); } },
      (failure) => { if (current) setError(errorMessage(failure)); },
    );
    return () => { current = false; };
  }, [path, count]);
  return { data, error, reload: useCallback(() => setCount((value) => value + 1), []) };
}
