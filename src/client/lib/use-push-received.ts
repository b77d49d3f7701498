import { useEffect, useRef } from 'react';
import { is } from 'superstruct';
import { PushReceivedMessage } from '../../domain/sw-messages.ts';

/**
 * Calls `onPush` when a push arrives while Sarraf has focus: the worker shows
 * no system notification then, and the screen updates in place instead.
 */
export function usePushReceived(onPush: () => void): void {
  const latest = useRef(onPush);
  latest.current = onPush;
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const listener = (event: MessageEvent) => {
      if (is(event.data, PushReceivedMessage)) latest.current();
    };
    worker.addEventListener('message', listener);
    return () => worker.removeEventListener('message', listener);
  }, []);
}
