import { useCallback, useEffect, useState } from 'react';

export type Options<T> = { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; items: T };

/** A list a step offers, loaded once from the API; a failed load can be retried. */
export function useOptions<T>(load: () => Promise<T>): Options<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; items: T } | 'failed' | null>(null);
  const retry = useCallback(() => {
    setResult(null);
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    let current = true;
    load().then(
      (items) => current && setResult({ attempt, items }),
      () => current && setResult('failed'),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  if (result === 'failed') return { state: 'failed', retry };
  return result === null ? { state: 'loading' } : { state: 'ready', items: result.items };
}
