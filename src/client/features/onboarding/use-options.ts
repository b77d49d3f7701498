import { useCallback, useEffect, useState } from 'react';

export type Options<T> = { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; items: T };

/** A list a step offers, loaded once from the API; a failed load can be retried. */
export function useOptions<T>(load: () => Promise<T>): Options<T> {
  const [attempt, setAttempt] = useState(0);
  // what the load numbered `attempt` gave: an older answer means the current one is still loading
  const [result, setResult] = useState<{ attempt: number; items?: T } | null>(null);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    load().then(
      (items) => current && setResult({ attempt, items }),
      () => current && setResult({ attempt }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  if (result?.attempt !== attempt) return { state: 'loading' };
  return result.items === undefined ? { state: 'failed', retry } : { state: 'ready', items: result.items };
}
