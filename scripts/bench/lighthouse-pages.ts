/**
 * The pages the Lighthouse bench scores, and the customers they need, made
 * through the real API of the server at `base`: a visitor's pages, an
 * onboarding step (a customer who has only signed up), and the signed-in
 * pages (an onboarded customer with a recipient and a transfer awaiting
 * payment, for the transfer's page; the pay step's customer makes a transfer
 * of its own before each run).
 */
import { addRecipient, awaitingPayment, onboard, signUp } from './customer.ts';

export const PAGE_NAMES = [
  'sign-in',
  'country-of-residence',
  'registration-name',
  'home',
  'quote',
  'pay',
  'transfers',
  'transfer',
  'recipients',
  'wallets',
  'profile',
] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface BenchPage {
  name: PageName;
  path: string;
  /** the session the browser holds; none for a visitor's page */
  token?: string;
  /**
   * Makes the page's data again and gives its path, before each run: a transfer's rate runs out 10 minutes after it
   * was made, and a bench of eleven pages reaches the pay step about then (one run scored the page as the rate ran
   * out under it: the new-rate offer came in, CLS 0.074).
   */
  renew?: () => Promise<string>;
}

/**
 * Of a bench's pages (`all`, by name), those named (every one when `names` is undefined); an unknown name is an
 * error, not a page skipped.
 */
export function pickNamed<T extends string>(all: readonly T[], names: string[] | undefined): T[] {
  if (!names) return [...all];
  const unknown = names.filter((name) => !all.includes(name as T));
  if (unknown.length > 0) throw new Error(`unknown page(s) ${unknown.join(', ')}: pick from ${all.join(', ')}`);
  return all.filter((name) => names.includes(name));
}

/** The Lighthouse bench's pages named (every page when `names` is undefined). */
export const pickPages = (names: string[] | undefined): PageName[] => pickNamed(PAGE_NAMES, names);

/**
 * Makes the customers the pages need, then each page's address and session; `from`, the address their calls come
 * from for a server that believes its loopback proxy (`customer.ts`).
 */
export async function benchPages(base: string, names: PageName[], from?: string): Promise<BenchPage[]> {
  const signingUp = await signUp(base, from);
  const customer = await signUp(base, from);
  await onboard(base, customer, from);
  const transRef = await awaitingPayment(base, customer, await addRecipient(base, customer, from), from);
  // the pay step's own customer, so the transfers it makes before each run do not change the other pages' lists
  const payer = await signUp(base, from);
  await onboard(base, payer, from);
  const payerRecipient = await addRecipient(base, payer, from);
  const payStep = async () => `/send-money/pay/${await awaitingPayment(base, payer, payerRecipient, from)}`;
  const pages: Record<PageName, Omit<BenchPage, 'name'>> = {
    'sign-in': { path: '/sign-in' },
    'country-of-residence': { path: '/country-of-residence' },
    // the first step of a customer who has only signed up: its guard lets them in (and no one onboarded)
    'registration-name': { path: '/registration-name', token: signingUp },
    home: { path: '/home', token: customer },
    quote: { path: '/send-money/quote', token: customer },
    pay: { path: await payStep(), token: payer, renew: payStep },
    transfers: { path: '/transfers', token: customer },
    transfer: { path: `/transfers/${transRef}`, token: customer },
    recipients: { path: '/recipients', token: customer },
    wallets: { path: '/wallets', token: customer },
    profile: { path: '/profile', token: customer },
  };
  return names.map((name) => ({ name, ...pages[name] }));
}
