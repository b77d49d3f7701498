import { msg } from '@lingui/core/macro';
import {
  bankIdRule,
  differentPasswordRule,
  emailRule,
  otpCodeRule,
  passwordRule,
  personNameRule,
} from '../../../domain/rules.ts';
import type { ContactMethod } from './contact-field.tsx';
import type { FieldErrors } from './field-errors.ts';
import { checkMobile } from './mobile-rule.ts';
import { textFor } from './rule-text.ts';

/**
 * The checks a form makes before it sends anything, with the same SPEC §5
 * rules the API applies, so the customer hears about a mistake at once.
 */

/** The e-mail or mobile number a form is known by; a number of `country` when one is chosen. */
export interface ContactValues {
  method: ContactMethod;
  email: string;
  mobile: string;
  country: string | undefined;
}

function checkContact(values: ContactValues): FieldErrors<'email' | 'mobile'> {
  const result =
    values.method === 'email' ? emailRule(values.email.trim()) : checkMobile(values.mobile, values.country);
  return result === true ? {} : { [values.method === 'email' ? 'email' : 'mobile']: textFor(result) };
}

export const SIGN_IN_FIELDS = ['email', 'mobile', 'password'] as const;
export type SignInField = (typeof SIGN_IN_FIELDS)[number];

export interface SignInValues extends ContactValues {
  password: string;
}

export function checkSignIn(values: SignInValues): FieldErrors<SignInField> {
  const errors: FieldErrors<SignInField> = checkContact(values);
  if (values.password === '') errors.password = msg`Enter your password`;
  return errors;
}

export const REGISTRATION_FIELDS = ['email', 'mobile', 'password', 'accept_terms', 'accept_privacy'] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface RegistrationValues extends ContactValues {
  password: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
}

export function checkRegistration(values: RegistrationValues): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = checkContact(values);
  const password = passwordRule(values.password);
  if (password !== true) errors.password = textFor(password);
  if (!values.acceptTerms) errors.accept_terms = msg`Accept the terms and conditions to continue`;
  if (!values.acceptPrivacy) errors.accept_privacy = msg`Accept the privacy policy to continue`;
  return errors;
}

export const CODE_FIELDS = ['code'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** A code as typed or pasted: spaces between the digit groups do not count. */
export function normaliseCode(value: string): string {
  return value.replace(/\s+/g, '');
}

export function checkCode(code: string): FieldErrors<CodeField> {
  const result = otpCodeRule(normaliseCode(code));
  return result === true ? {} : { code: textFor(result) };
}

export const LAUNCH_INTEREST_FIELDS = ['country', 'full_name', 'email'] as const;
export type LaunchInterestField = (typeof LAUNCH_INTEREST_FIELDS)[number];

export interface LaunchInterestValues {
  country: string;
  fullName: string;
  email: string;
}

/** The name is optional; the country and an e-mail to write to are not. */
export function checkLaunchInterest(values: LaunchInterestValues): FieldErrors<LaunchInterestField> {
  const errors: FieldErrors<LaunchInterestField> = {};
  if (values.country === '') errors.country = msg`Choose the country you live in`;
  const name = values.fullName.trim();
  const nameCheck = name === '' ? true : personNameRule(name);
  if (nameCheck !== true) errors.full_name = textFor(nameCheck);
  const email = emailRule(values.email.trim());
  if (email !== true) errors.email = textFor(email);
  return errors;
}

export const RECOVERY_FIELDS = ['email', 'mobile'] as const;
export type RecoveryField = (typeof RECOVERY_FIELDS)[number];

/** The e-mail or mobile number a recovery code goes to. */
export const checkRecoveryContact = (values: ContactValues): FieldErrors<RecoveryField> => checkContact(values);

export const NEW_PASSWORD_FIELDS = ['password', 'confirm_password'] as const;
export type NewPasswordField = (typeof NEW_PASSWORD_FIELDS)[number];

/** A new password and its confirmation (SPEC §5 password and `is`). */
export function checkNewPassword(password: string, confirmation: string): FieldErrors<NewPasswordField> {
  const errors: FieldErrors<NewPasswordField> = {};
  const rule = passwordRule(password);
  if (rule !== true) errors.password = textFor(rule);
  else if (confirmation !== password) errors.confirm_password = msg`The passwords do not match`;
  return errors;
}

export const CHANGE_PASSWORD_FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
export type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmation: string;
}

/** Old password required; the new one follows the password rule, differs from the old (`is_not`) and is confirmed (`is`). */
export function checkChangePassword(values: ChangePasswordValues): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = {};
  if (values.oldPassword === '') errors.old_password = msg`Enter your current password`;
  const rule = passwordRule(values.newPassword);
  const different = differentPasswordRule(values.oldPassword, values.newPassword);
  if (rule !== true) errors.new_password = textFor(rule);
  else if (different !== true) errors.new_password = textFor(different);
  else if (values.confirmation !== values.newPassword) errors.confirm_password = msg`The passwords do not match`;
  return errors;
}

export const BANK_ID_FIELDS = ['country', 'personal_number', 'accept_terms', 'accept_privacy'] as const;
export type BankIdField = (typeof BANK_ID_FIELDS)[number];

export interface BankIdValues {
  country: string;
  personalNumber: string;
  /** registration asks for consent; sign-in does not */
  consent: { acceptTerms: boolean; acceptPrivacy: boolean } | null;
}

/** A bank-ID country, the personal number (SPEC §5: 10 to 12 digits) and, to register, consent. */
export function checkBankId(values: BankIdValues): FieldErrors<BankIdField> {
  const errors: FieldErrors<BankIdField> = {};
  if (values.country === '') errors.country = msg`Choose the country of your bank ID`;
  const number = bankIdRule(values.personalNumber.trim());
  if (number !== true) errors.personal_number = textFor(number);
  if (values.consent && !values.consent.acceptTerms)
    errors.accept_terms = msg`Accept the terms and conditions to continue`;
  if (values.consent && !values.consent.acceptPrivacy)
    errors.accept_privacy = msg`Accept the privacy policy to continue`;
  return errors;
}

export const BANK_ID_MIGRATE_FIELDS = ['personalIdentityNumber'] as const;
export type BankIdMigrateField = (typeof BANK_ID_MIGRATE_FIELDS)[number];

/** Bank-ID migrate asks only for the personal number (SPEC §5: 10 to 12 digits). */
export function checkBankIdMigrate(personalNumber: string): FieldErrors<BankIdMigrateField> {
  const number = bankIdRule(personalNumber.trim());
  return number === true ? {} : { personalIdentityNumber: textFor(number) };
}

export const CONTACT_CHANGE_FIELDS = ['email', 'mobile', 'password'] as const;
export type ContactChangeField = (typeof CONTACT_CHANGE_FIELDS)[number];

/** A new e-mail or mobile number for the account, with the password again. */
export function checkContactChange(values: ContactValues & { password: string }): FieldErrors<ContactChangeField> {
  const errors: FieldErrors<ContactChangeField> = checkContact(values);
  if (values.password === '') errors.password = msg`Enter your password`;
  return errors;
}
