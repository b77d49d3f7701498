import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { NAME_FIELDS } from '../../../domain/beneficiary-schema.ts';
import { accountCheckErrors } from './account-check-errors.ts';
import type { FieldErrors } from './beneficiary-form.tsx';
import type { ForcedAccountSearch } from './use-account-search.ts';

/** The form's values with the names the search found (none yet: empty), never the names typed. */
export function withSearchedNames(
  values: Readonly<Record<string, string>>,
  search: ForcedAccountSearch | undefined,
): Record<string, string> {
  if (!search) return { ...values };
  const found = search.holder;
  const names = {
    first_name: found?.first_name ?? '',
    middle_name: found?.middle_name ?? '',
    last_name: found?.last_name ?? '',
  };
  const others = Object.fromEntries(Object.entries(values).filter(([name]) => !NAME_FIELDS.some((n) => n === name)));
  return { ...others, ...Object.fromEntries(Object.entries(names).filter(([, value]) => value !== '')) };
}

/**
 * Why the search's answer does not let the recipient be saved, on the account's field (SPEC §5's
 * account_restricted, currency_mismatch, account_not_found; or no answer now).
 */
export function accountSearchErrors(
  i18n: I18n,
  search: ForcedAccountSearch | undefined,
  currency: string,
): FieldErrors {
  if (!search) return {};
  const { state, rule } = search;
  if (state.status === 'failed' || (state.status === 'answered' && state.answer.result === 'unavailable')) {
    return {
      [rule.account_field]: i18n._(msg`We could not search for this account just now. Try again in a few minutes.`),
    };
  }
  if (state.status !== 'answered' || state.answer.result === 'found') return {};
  const { result, field } = state.answer;
  return accountCheckErrors(i18n, { result, field, registered_name: null }, currency);
}

/** Whether the search's answer lets the recipient be saved: a holder was found. */
export const searchAllowsSaving = (search: ForcedAccountSearch | undefined) => !search || search.holder !== undefined;

/** What the search is doing, announced as it changes: the names come from it, not from the customer. */
export function AccountSearchStatus({ id, search }: { id: string; search: ForcedAccountSearch }) {
  const { state } = search;
  return (
    <p id={id} role="status">
      {state.status === 'searching' ? (
        <Trans>Searching for the account…</Trans>
      ) : search.holder ? (
        <Trans>Account found. The names are the account holder’s.</Trans>
      ) : state.status === 'waiting' ? (
        <Trans>The names are filled in from the account once you enter its number.</Trans>
      ) : (
        <Trans>You can continue once the account is found.</Trans>
      )}
    </p>
  );
}
