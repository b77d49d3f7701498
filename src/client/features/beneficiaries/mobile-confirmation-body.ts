/**
 * The re-typed number as a save's body carries it: only when the form asked for it. A file of its own: the transfer's
 * page sends it without loading the recipient rules (and libphonenumber-js's metadata) `mobile-confirmation.ts` needs.
 */
export const mobileConfirmationBody = (confirmation: string | undefined) =>
  confirmation === undefined ? {} : { mobile_confirmation: confirmation };
