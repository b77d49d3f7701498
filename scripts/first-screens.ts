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
