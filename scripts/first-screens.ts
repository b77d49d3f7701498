import { resolve } from 'node:path';
import { layoutsOf } from './route-preloads-plugin.ts';

/**
 * The screens a customer most often opens first, by route file: the signed-out ones, the first registration step,
 * and the signed-in app's main pages (the pages `npm run bench -- --lighthouse` scores). What they need besides the
 * first load ships in files grouped by the set of these screens that need it (`firstScreenGroup` in
 * `vite.config.ts`), route components included, so a cold start on a slow network fetches a few files of app code
 * instead of dozens (each a round trip), and none of another screen's own code.
 */
export const FIRST_SCREENS: Record<string, string> = {
  'sign-in': '_default/sign-in',
  'country-of-residence': '_onboarding/country-of-residence',
  'registration-name': '_registration-steps/registration-name',
  home: '_auth/_app/home',
  quote: '_auth/send-money/quote',
  pay: '_auth/send-money/pay.{-$transactionReference}',
  transfers: '_auth/_app/transfers',
  transfer: '_empty/transfers.$transactionReference',
  recipients: '_auth/_app/recipients',
  wallets: '_auth/_app/wallets',
  profile: '_auth/_app/profile',
};

/** The app's entry module (from the project's root): what it imports, directly or not, is the first load. */
export const ENTRY = 'src/client/main.tsx';

/** Loaded lazily on every page as it opens (the root route's cookie notice); each page names it with its own chunks. */
export const EVERY_PAGE = ['src/client/features/cookie-consent/cookie-consent.tsx'];

/**
 * What pages under a layout load lazily as they open, named in those pages: the signed-in pages' guard loads the
 * customer (`lib/session/user-data.ts`) with the API client and the user contract, before the page renders on a
 * device that has not seen the customer yet, just after its first paint otherwise (`last-seen-customer.ts`).
 */
export const BEFORE_RENDER: Record<string, string[]> = {
  _auth: ['src/client/lib/api/client.ts', 'src/domain/contract/user/profile.ts'],
};

/** `_auth/_app/home` → its layouts' and its own component modules as the router plugin splits them. */
export function screenModules(root: string, file: string): string[] {
  const parts = file.split('/');
  return parts.map((_, n) =>
    resolve(root, `src/client/routes/${parts.slice(0, n + 1).join('/')}.tsx?tsr-split=component`),
  );
}

/** What a page opening `file` loads besides its own modules: the cookie notice, and what its layouts load first. */
export function openingModules(root: string, file: string): string[] {
  const before = layoutsOf(file).flatMap((layout) => BEFORE_RENDER[layout] ?? []);
  return [...EVERY_PAGE, ...before].map((module) => resolve(root, module));
}

/** What the bundler knows of a module: the modules it imports statically (not `import(…)`). */
type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** The modules `from` import statically, directly or not, themselves included; none past `stop`. */
export function staticReach(infoOf: ModuleInfoOf, from: string[], stop: Set<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || stop.has(id)) continue;
    const info = infoOf(id);
    if (!info) continue;
    seen.add(id);
    pending.push(...info.importedIds);
  }
  return seen;
}

/** What a page opening `file` runs as it opens: the first load, its own and its opening code. */
const openedBy = (root: string, file: string) => [...screenModules(root, file), ...openingModules(root, file)];

/** Every module a first screen's page runs as it opens: the first load, and each first screen's own and opening code. */
export function firstScreensReach(infoOf: ModuleInfoOf, root: string): Set<string> {
  const from = Object.values(FIRST_SCREENS).flatMap((file) => openedBy(root, file));
  return staticReach(infoOf, [resolve(root, ENTRY), ...from]);
}

/** Each first screen's modules its page runs as it opens (the first load with them), by the screen's name. */
export function eachFirstScreenReach(infoOf: ModuleInfoOf, root: string): Map<string, Set<string>> {
  return new Map(
    Object.entries(FIRST_SCREENS).map(([screen, file]) => [
      screen,
      staticReach(infoOf, [resolve(root, ENTRY), ...openedBy(root, file)]),
    ]),
  );
}
