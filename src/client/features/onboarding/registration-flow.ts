/** The registration steps, each behind the registration guard. */
export const REGISTRATION_STEPS = [
  '/registration-name',
  '/registration-nationality',
  '/registration-date-of-birthday',
  '/registration-reason-of-usage',
  '/occupation',
  '/address-search',
  '/address',
  '/ssn',
] as const;

/** Where a registration goes on to once its steps are done: moving there is not leaving. */
const REGISTRATION_CONTINUATIONS: readonly string[] = [
  '/phone-verification',
  '/email-verification',
  '/verification',
  '/verifying-in-progress',
  '/successfully-verified',
  '/account-blocked',
  '/home',
];

/** Would moving from a registration step to `pathname` abandon the registration? */
export function leavesRegistration(pathname: string): boolean {
  return (
    !(REGISTRATION_STEPS as readonly string[]).includes(pathname) && !REGISTRATION_CONTINUATIONS.includes(pathname)
  );
}
