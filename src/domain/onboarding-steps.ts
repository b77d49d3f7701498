/**
 * The onboarding steps after the e-mail is verified, in order; each is also
 * the path of its screen and what `redirect_to_full` names. `ssn` (state and
 * Social Security number) is for US residents only.
 */
export const ONBOARDING_STEPS = [
  'registration-name',
  'registration-nationality',
  'registration-date-of-birthday',
  'address-search',
  'occupation',
  'registration-reason-of-usage',
  'ssn',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
