import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Endpoint, ResponseOf } from '../../../domain/contract/endpoint.ts';
import { afterFirstPaint } from '../first-paint.ts';
import { ApiFailure } from './api-failure.ts';
import { type Answered, type CallInput, request } from './client.ts';
import { endpointKey, peekPrimed, takePrimed } from './primed-answers.ts';

export type Loaded<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'failed'; data?: undefined; error: unknown }
  /**
   * `asOf`: when the server said it (ms since the epoch): just now, or when the
   * service worker stored its last-known copy. `offline`: the latest try could
   * not reach the server, so what is shown is as of then.
   */
  | { status: 'ready'; data: T; error?: undefined; asOf: number; offline: boolean };

export interface LoadOptions<T> {
  /** Ask again this many milliseconds after each answer (undefined: not again), e.g. while a transfer still moves. */
  refreshMs?: (data: T) => number | undefined;
  /** Ask again when the app comes back into view. */
  refreshOnFocus?: boolean;
}

/**
 * When a screen may ask for its data: at once on a page a service worker controls (the screen's files come from the
 * worker's cache, so its data shares no network with them, and offline the last-known copy is on screen a paint
 * sooner), else after the first paint, so on a slow phone's network the first screen's files are not sharing it.
 */
const whenDataMayLoad = (): Promise<void> =>
  navigator.serviceWorker?.controller ? Promise.resolve() : afterFirstPaint();

/**
 * How soon a screen showing the worker's last-known copy asks again while the browser says it is online: the server
 * was slow (the worker gives up after 4 s) or out of reach, and no `online` event will come to say it is back.
 */
export const UNREACHABLE_ASK_AGAIN_MS = 15_000;

/** When to ask again with a last-known copy on screen: as `refreshMs` says, and while online at least this often. */
const askAgainUnreachable = (refreshMs: number | undefined): number | undefined =>
  navigator.onLine ? Math.min(refreshMs ?? UNREACHABLE_ASK_AGAIN_MS, UNREACHABLE_ASK_AGAIN_MS) : refreshMs;

/** The call never reached the server (offline, or the network failed on the way). */
export const isOffline = (error: unknown) => error instanceof ApiFailure && error.status === 0;

/** The data of an answer as shown, with its age: fresh, or the service worker's last-known copy (offline). */
function readyOf<T>(key: string, answer: Answered<T>) {
  const asOf = answer.cachedAt === null ? Date.now() : Date.parse(answer.cachedAt);
  return { status: 'ready', key, data: answer.data, asOf, offline: answer.cachedAt !== null } as const;
}

/**
 * The one way a screen loads data: loading, failed (with the error), or
 * ready with the data and its age; `reload()` asks again. A new `key` starts
 * over (the previous load is aborted); a reload keeps what is shown until the
 * answer comes, and a network failure then keeps it, marked offline. Data
 * that is offline (a last-known copy, or nothing for want of a network) is
 * asked for again as soon as the browser says the connection is back, and a
 * last-known copy shown while the browser says it is online (the server slow
 * or out of reach) every `UNREACHABLE_ASK_AGAIN_MS` at most. The
 * first load takes the answer its screen asked for as it first rendered
 * (`primed-answers.ts`), shown at once when it has already come.
 */
export function useAnswer<T>(
  load: (signal: AbortSignal) => Promise<Answered<T>>,
  key: string,
  options: LoadOptions<T> = {},
): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T> & { key: string }>(() => {
    const primed = peekPrimed(key)?.settled as Answered<T> | undefined;
    return primed ? readyOf(key, primed) : { status: 'loading', key };
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const latest = useRef({ load, options });
  latest.current = { load, options };
  /** the data on screen, for the pace of asking again while offline */
  const shown = useRef<{ key: string; data: T }>(undefined);

  // Asked as the screen is put on the page, before the browser paints it: a passive effect would wait for that paint,
  // and a page a worker controls asks at once (`whenDataMayLoad`), its answer then coming while the page paints.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` are what ask again
  useLayoutEffect(() => {
    const controller = new AbortController();
    let again: ReturnType<typeof setTimeout> | undefined;
    const askAgainIn = (ms: number | undefined) => {
      if (ms !== undefined) again = setTimeout(reload, ms);
    };
    // unchanged unless it must say so: no render of the same state before the paint
    setState((current) => (current.key === key && current.status !== 'failed' ? current : { status: 'loading', key }));
    const primed = round === 0 ? (takePrimed(key)?.answer as Promise<Answered<T>> | undefined) : undefined;
    // the answer the screen asked for as it first rendered, else asked when data may load (`whenDataMayLoad`)
    void (primed ?? whenDataMayLoad().then(() => latest.current.load(controller.signal))) // an aborted signal sends nothing
      .then(
        (answer) => {
          if (controller.signal.aborted) return;
          shown.current = { key, data: answer.data };
          setState(readyOf(key, answer));
          const refreshMs = latest.current.options.refreshMs?.(answer.data);
          askAgainIn(answer.cachedAt === null ? refreshMs : askAgainUnreachable(refreshMs));
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const offline = isOffline(error);
          setState((current) =>
            current.key === key && current.status === 'ready' && offline
              ? { ...current, offline: true }
              : { status: 'failed', key, error },
          );
          if (offline && shown.current?.key === key) {
            askAgainIn(askAgainUnreachable(latest.current.options.refreshMs?.(shown.current.data)));
          }
        },
      );
    return () => {
      controller.abort();
      clearTimeout(again);
    };
  }, [key, round]);

  const stale = state.status === 'failed' ? isOffline(state.error) : state.status === 'ready' && state.offline;
  useEffect(() => {
    if (!stale) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [stale, reload]);

  const refreshOnFocus = options.refreshOnFocus ?? false;
  useEffect(() => {
    if (!refreshOnFocus) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refreshOnFocus, reload]);

  const { key: _key, ...loaded } = state;
  return { ...loaded, reload };
}

/** Load anything a screen computes from one or more calls (fresh answers only). */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  options?: LoadOptions<T>,
): Loaded<T> & { reload: () => void } {
  return useAnswer(async (signal) => ({ data: await load(signal), cachedAt: null }), key, options);
}

/** Load one endpoint table entry; a change of `input` loads again. */
export function useEndpoint<E extends Endpoint>(
  entry: E,
  input: Omit<CallInput<E>, 'signal'>,
  options?: LoadOptions<ResponseOf<E>>,
): Loaded<ResponseOf<E>> & { reload: () => void } {
  return useAnswer(
    (signal) => (request as (e: E, i: object) => Promise<Answered<ResponseOf<E>>>)(entry, { ...input, signal }),
    endpointKey(entry, input),
    options,
  );
}
