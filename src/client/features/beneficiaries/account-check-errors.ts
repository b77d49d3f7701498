import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountCheckResult } from '../../../domain/account-check.ts';
import type { AccountCheck } from '../../../domain/contract/beneficiaries.ts';
import { type ApiFailure, fieldErrorPath } from '../../lib/api/api-failure.ts';
import type { FieldErrors } from './beneficiary-form.tsx';

/**
 * An account lookup that says the details are wrong, as errors on the form's
 * fields: a name that is not the holder's on the first name, everything
 * about the account on the field the account is typed in.
 */
export function accountCheckErrors(i18n: I18n, check: AccountCheck, currency: string): FieldErrors {
  const account = check.field ?? 'first_name';
  switch (check.result) {
    case 'no_match':
      return {
        first_name: i18n._(msg`This is not the name the account is held in. Check the name against their ID.`),
      };
    case 'account_not_found':
      return { [account]: i18n._(msg`We could not find this account. Check the number.`) };
    case 'account_restricted':
      return { [account]: i18n._(msg`This account cannot receive money. Try another account.`) };
    case 'currency_mismatch':
      return { [account]: i18n._(msg`This account is not held in ${currency}. Use an account in ${currency}.`) };
    default:
      return {};
  }
}

/** The server's refusals of a recipient's account (it looks the account up on every save), by the lookup's result. */
const REFUSED_BY: Readonly<Record<string, AccountCheckResult>> = {
  AccountNameMismatch: 'no_match',
  AccountNotFound: 'account_not_found',
  AccountRestricted: 'account_restricted',
  AccountCurrencyMismatch: 'currency_mismatch',
};

const VALUES_PREFIX = 'values.';

/** A save the server refused for the account lookup's answer, as errors on the form's fields; undefined for any other failure. */
export function accountRefusalErrors(i18n: I18n, failure: ApiFailure, currency: string): FieldErrors | undefined {
  const result = REFUSED_BY[failure.type];
  if (result === undefined) return undefined;
  const path = fieldErrorPath(failure.propertyPath ?? '');
  const field = path.startsWith(VALUES_PREFIX) ? path.slice(VALUES_PREFIX.length) : null;
  return accountCheckErrors(i18n, { result, field, registered_name: null }, currency);
}
