/**
 * One GET for a screen: the answer (null until it comes), the error's message (a switched-off module answers 409 with
 * the setting to turn on), and a reload that keeps the answer shown until the new one arrives.
 * @param load a data-layer function, e.g. `listMessages`; a new function loads again
 */
import { useCallback, useEffect, useState } from '@wordpress/element';
import { errorMessage } from './rest-error.js';

export function useRestData<T>(load: () => Promise<T>): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (answer) => {
        if (current) {
          setData(answer);
          setError(null);
        }
      },
      (failure) => {
        if (current) setError(errorMessage(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [load, count]);
  return { data, error, reload: useCallback(() => setCount((value) => value + 1), []) };
}
