import { useState } from 'react';
import type { Endpoint, ResponseOf } from '../../../domain/contract/endpoint.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import { type Answered, type CallInput, request } from './client.ts';

/** An answer asked for longer ago than this is not a screen's first answer: the screen asks again. */
const FRESH_FOR_MS = 10_000;

interface Primed {
  askedAt: number;
  answer: Promise<Answered<unknown>>;
  /** the answer once it has come (undefined until then, or when it failed) */
  settled?: Answered<unknown>;
  /** why it failed, once it has */
  refused?: { error: unknown };
}

/** By session and endpoint key: an answer asked for under one session is never another's first answer. */
const primed = new Map<string, Primed>();
const sessionKey = (key: string) => `${appStore.get(accessTokenAtom) ?? ''} ${key}`;

/** What tells one screen's load of an endpoint from another's: the entry and the input it is called with. */
export function endpointKey<E extends Endpoint>(entry: E, input: Omit<CallInput<E>, 'signal'>): string {
  return `${entry.method} ${entry.base}${entry.path} ${JSON.stringify(input)}`;
}

/**
 * A screen asks for its parts' data at once as it first renders (`useAskFirst`), instead of each part after the
 * screen's first paint, or after the part that brings it in has loaded: the part (`useEndpoint` with the same entry
 * and input) takes this answer as its first, and shows it in its first render when it has already come.
 */
export function primeEndpoint<E extends Endpoint>(entry: E, input: Omit<CallInput<E>, 'signal'>): void {
  primeAnswer(endpointKey(entry, input), () =>
    (request as (e: E, i: object) => Promise<Answered<ResponseOf<E>>>)(entry, input),
  );
}

/** The same for an answer a screen loads under a key of its own (`useAnswer(load, key)`): `ask` is its load. */
export function primeAnswer(key: string, ask: () => Promise<Answered<unknown>>): void {
  const stored = sessionKey(key);
  const known = primed.get(stored);
  if (known && Date.now() - known.askedAt < FRESH_FOR_MS) {
    asked?.push(known.answer);
    return;
  }
  const answer = ask();
  asked?.push(answer);
  const entryOf: Primed = { askedAt: Date.now(), answer };
  answer.then(
    (settled) => {
      entryOf.settled = settled;
    },
    (error: unknown) => {
      entryOf.refused = { error };
    },
  );
  primed.set(stored, entryOf);
}

/** The answer primed for `key` if it was asked for recently: a screen's part shows it in its first render when it has come. */
export function peekPrimed(key: string): Primed | undefined {
  const found = primed.get(sessionKey(key));
  return found && Date.now() - found.askedAt < FRESH_FOR_MS ? found : undefined;
}

/**
 * The answer primed for `key`, for a part's first load: the parts that mount with it (their effects run together)
 * share it, then it is gone, so a later load asks the server again.
 */
export function takePrimed(key: string): Primed | undefined {
  const found = peekPrimed(key);
  const stored = sessionKey(key);
  if (found) queueMicrotask(() => primed.get(stored) === found && primed.delete(stored));
  return found;
}

/** The answers primed while a `screenAnswers` function runs. */
let asked: Promise<unknown>[] | undefined;

/**
 * How long a page waits for its answers before it renders. When they come within it (the worker's last-known copies
 * offline, a fast network), the screen's first render shows them, instead of its loaders, then another render with
 * them: offline at 4× CPU, `/home` had rendered three times (loaders, the wallets, the customer's data). Slower
 * answers find their loaders shown after this wait, well under the router's own 1 s before a pending screen.
 */
export const FIRST_ANSWERS_WAIT_MS = 100;

/**
 * A screen's `askAnswers` (its answers module's), from `ask`, its `primeEndpoint` and `primeAnswer` calls: it asks,
 * then resolves once every answer asked (or found asked moments before) has come or failed, or after
 * `FIRST_ANSWERS_WAIT_MS`, for its route's loader to wait for (`askOnLoad`).
 */
export function screenAnswers<A extends unknown[]>(ask: (...args: A) => void): (...args: A) => Promise<void> {
  return (...args) => {
    const outer = asked;
    const answers: Promise<unknown>[] = [];
    asked = answers;
    try {
      ask(...args);
    } finally {
      asked = outer;
    }
    return Promise.race([
      Promise.allSettled(answers).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
    ]);
  };
}

/** Asks for a screen's data (`ask`: its `primeEndpoint` calls) once, as the screen first renders, before it paints. */
export function useAskFirst(ask: () => void): void {
  useState(ask);
}
