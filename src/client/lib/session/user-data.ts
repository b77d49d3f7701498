import { atom, useStore } from 'jotai';
import { useEffect } from 'react';
import type { User, UserData, UserLimit } from '../../../domain/contract/user.ts';
import { DEFAULT_VERIFICATION_STATUS, isVerificationStatus } from '../../../domain/verification.ts';
import type { Answered } from '../api/client.ts';
import { afterFirstPaint } from '../first-paint.ts';
import { type AppStore, appStore } from './app-store.ts';
import { type CurrentUser, currentUserAtom } from './current-user.ts';
import { countryHintAtom, hintOf, onboardingHintAtom } from './last-seen-customer.ts';

const describedUserAtom = atom<User | null>(null);

/**
 * The signed-in customer as the API last described them (sign-in answer, POST /user/get, a saved onboarding step);
 * each description also leaves on this device what a reload opens from (`last-seen-customer.ts`).
 */
export const userAtom = atom(
  (get) => get(describedUserAtom),
  (_get, set, user: User | null) => {
    set(describedUserAtom, user);
    if (user === null) return;
    set(onboardingHintAtom, hintOf(user.redirect_to_full));
    set(countryHintAtom, user.country);
  },
);

/** Their yearly sending limit, once POST /user/get has answered. */
export const userLimitAtom = atom<UserLimit | null>(null);

/** The account menus' view of a customer: no name until onboarding asks for it. */
export function currentUserOf(user: User): CurrentUser {
  const status = user.verification.status;
  return {
    name: user.name ?? '',
    contact: user.email ?? user.mobile ?? '',
    // A status this version does not know yet asks for nothing.
    verificationStatus: isVerificationStatus(status) ? status : DEFAULT_VERIFICATION_STATUS,
    offersBankIdSignIn: user.sourceCountry.bankIdLogin && !user.personalIdentityNumberVerified,
    remittanceEnabled: user.isRemittanceEnabled,
  };
}

export function rememberUser(store: AppStore, user: User): void {
  store.set(userAtom, user);
  store.set(currentUserAtom, currentUserOf(user));
}

/**
 * The API client and the user contract are loaded when the customer is first
 * asked for, not with the first screen: a visitor on sign-in never needs them
 * before submitting, and they are a tenth of the first load.
 */
async function requestUserData(): Promise<Answered<UserData>> {
  const [{ request }, { profileCalls }] = await Promise.all([
    import('../api/client.ts'),
    import('../../../domain/contract/user/profile.ts'),
  ]);
  return request(profileCalls.getUserData);
}

/** The key screens load the customer's data under (`useAnswer`), and a route's loader primes it under (`primeAnswer`). */
export const USER_DATA_KEY = 'user-data';

const loading = new WeakMap<AppStore, Promise<Answered<UserData>>>();
/**
 * The first request of a store (nothing had described the customer: a reload or a deep link, the guard asking as the
 * page opened, answered or still on its way) until that page takes it (`takeOpeningAnswer`).
 */
const opening = new WeakMap<AppStore, { answer: Promise<Answered<UserData>>; at: number }>();
/** An answer older than this is not the one the page now opening was guarded with. */
const OPENING_MS = 5_000;

/**
 * Load the signed-in customer's data into the store, with when the service
 * worker stored it if it is a last-known copy (offline). Callers at the same
 * moment share one request. A refused session is the API client's to handle
 * (it signs the user out); other failures reach the caller.
 */
export function loadUserDataAnswer(store: AppStore = appStore): Promise<Answered<UserData>> {
  const running = loading.get(store);
  if (running) return running;
  const load = requestUserData()
    .then((answer) => {
      rememberUser(store, answer.data.user);
      store.set(userLimitAtom, answer.data.user_limit);
      return answer;
    })
    .finally(() => loading.delete(store));
  if (store.get(userAtom) === null) {
    opening.set(store, { answer: load, at: Date.now() });
    // a failure is nobody's answer to take: the next page to ask asks again
    load.catch(() => opening.get(store)?.answer === load && opening.delete(store));
  } else {
    // asked again once the customer is known (a step saved, onboarding finished): the first answer is out of date,
    // and the page opening next must not show it (a step answered within moments of a reload)
    opening.delete(store);
  }
  loading.set(store, load);
  return load;
}

/**
 * For a screen that loads the customer afresh each time it opens: the store's first answer, once, when it came
 * moments ago (the guard of the page now opening asked), instead of asking again; otherwise a new request.
 */
export function takeOpeningAnswer(store: AppStore = appStore): Promise<Answered<UserData>> {
  const last = opening.get(store);
  opening.delete(store);
  return last && Date.now() - last.at < OPENING_MS ? last.answer : loadUserDataAnswer(store);
}

/**
 * The customer as the API describes them after a change just saved (an onboarding step): a request already on its
 * way left before the change and would describe them as they were, so it is waited for and the API asked again.
 */
export async function loadUserDataAfterChange(store: AppStore = appStore): Promise<UserData> {
  await loading.get(store)?.catch(() => undefined);
  return loadUserData(store);
}

/** The same, the data alone. */
export async function loadUserData(store: AppStore = appStore): Promise<UserData> {
  return (await loadUserDataAnswer(store)).data;
}

/**
 * For the signed-in layout: after a reload or a deep link nothing may have
 * described the customer yet, so load them once, after the first paint. A failure only leaves the
 * menus without a name; the screens that need the data say so themselves.
 */
export function useSignedInUser(): void {
  const store = useStore();
  useEffect(() => {
    afterFirstPaint()
      .then(() => (store.get(userAtom) === null ? loadUserData(store) : undefined))
      .catch(() => undefined);
  }, [store]);
}
