/**
 * The English source of every e-mail and text message the server writes to
 * a person, in the language they chose (the customer's profile, or the one a
 * registration or launch request was made in). `/*i18n*\/` puts each into the
 * client's catalogs, where they are translated; the server fills them in with
 * `src/server/i18n`. A paragraph is one message, so a translation may reorder
 * its sentence.
 */

export const CODE_EMAIL_SUBJECT = /*i18n*/ 'Your Sarraf verification code: {code}';
export const CODE_EMAIL_CODE = /*i18n*/ 'Your Sarraf verification code is {code}.';
export const CODE_EMAIL_LIFETIME =
  /*i18n*/ 'It works for {minutes} minutes. Never share it: Sarraf staff will never ask you for it.';
export const CODE_EMAIL_IF_NOT_YOU = {
  registration: /*i18n*/ 'If you did not ask to register with Sarraf, you can ignore this e-mail.',
  'password-recovery':
    /*i18n*/ 'If you did not ask to reset your Sarraf password, you can ignore this e-mail: your password stays as it is.',
  'contact-change':
    /*i18n*/ 'If you did not ask to add this e-mail to a Sarraf account, you can ignore this e-mail: nothing changes without the code.',
} as const;
export const CODE_SMS = /*i18n*/ 'Your Sarraf code is {code}. It works for {minutes} minutes. Never share it.';
export const ACCOUNT_EXISTS_SMS =
  /*i18n*/ 'You already have a Sarraf account with this number: sign in instead. If you did not ask to register, ignore this message.';

export const CONTACT_TAKEN_SUBJECT = /*i18n*/ 'This e-mail already has a Sarraf account';
export const CONTACT_TAKEN_EMAIL =
  /*i18n*/ 'Someone asked to add this e-mail to a Sarraf account, but it already belongs to one, so nothing changed. If it was you, sign in to that account instead. If it was not, you can ignore this e-mail.';
export const CONTACT_TAKEN_SMS =
  /*i18n*/ 'This number already belongs to a Sarraf account, so it cannot be added to another one. If you did not ask for this, ignore this message.';

export const CONTACT_CHANGED_SUBJECT = /*i18n*/ 'The e-mail of your Sarraf account was changed';
export const CONTACT_CHANGED_EMAIL =
  /*i18n*/ 'Your Sarraf account now uses another e-mail address, and this one no longer signs in. If you did not do this, contact customer support now.';
export const CONTACT_CHANGED_SMS =
  /*i18n*/ 'Your Sarraf account now uses another mobile number. If you did not do this, contact customer support now.';

export const PASSWORD_CHANGED_SUBJECT = /*i18n*/ 'Your Sarraf password was changed';
export const PASSWORD_CHANGED_EMAIL = [
  /*i18n*/ 'The password of your Sarraf account was just changed, and every other device was signed out.',
  /*i18n*/ 'If you did this, there is nothing more to do.',
  /*i18n*/ 'If you did not, reset your password now from the sign-in page ("Forgot your password?") and contact customer support.',
] as const;
export const PASSWORD_CHANGED_SMS =
  /*i18n*/ 'Your Sarraf password was just changed. If this was not you, reset it from the sign-in page and contact support.';

export const LAUNCH_INTEREST_SUBJECT = /*i18n*/ 'We will tell you when Sarraf launches in {country}';
export const LAUNCH_INTEREST_GREETING = /*i18n*/ 'Hello {name},';
export const LAUNCH_INTEREST_GREETING_NO_NAME = /*i18n*/ 'Hello,';
export const LAUNCH_INTEREST_EMAIL = [
  /*i18n*/ 'Thank you for your interest in Sarraf. We do not serve {country} yet; we will write to you at this address as soon as we do.',
  /*i18n*/ 'If you did not ask for this, you can ignore this e-mail: we will not write to you again unless we launch there.',
] as const;

/** To a recipient the customer opted in (recipient-sms.ts): cash ready at the collection point, or money deposited. */
export const RECIPIENT_PICKUP_SMS =
  /*i18n*/ 'Sarraf: {sender} sent you {amount}. Collect it at {point} with your ID and the reference {ref}.';
export const RECIPIENT_DEPOSIT_SMS = /*i18n*/ 'Sarraf: {sender} sent you {amount}. It is now in {account}.';

/** The reminder e-mail of a scheduled transfer ends with how to change it. */
export const SCHEDULE_REMINDER_EMAIL_MANAGE =
  /*i18n*/ 'To skip this transfer, pause or cancel the schedule, open Sarraf and go to Transfers.';
