import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHECK_RESULTS, nextAfterCheck, sameHolder, saveAfterCheck } from '../../src/domain/account-check.ts';
import { accountSearchApplies } from '../../src/domain/beneficiary-schema.ts';

describe('what an account lookup lets the customer do', () => {
  it('goes on only with a matching account, asks about a close name, warns when unchecked, else has the details corrected', () => {
    const next = Object.fromEntries(ACCOUNT_CHECK_RESULTS.map((result) => [result, nextAfterCheck(result)]));
    expect(next).toEqual({
      match: 'continue',
      not_applicable: 'continue',
      close_match: 'confirm_name',
      unavailable: 'continue_warned',
      no_match: 'correct',
      account_not_found: 'correct',
      account_restricted: 'correct',
      currency_mismatch: 'correct',
    });
  });

  it('saves a recipient after a match, after a close name or no answer only when the customer chose to, never after a refusal', () => {
    const save = (confirmed: boolean) =>
      Object.fromEntries(ACCOUNT_CHECK_RESULTS.map((result) => [result, saveAfterCheck(result, confirmed)]));
    expect(save(false)).toEqual({
      match: 'save',
      not_applicable: 'save',
      close_match: 'confirm',
      unavailable: 'confirm',
      no_match: 'refuse',
      account_not_found: 'refuse',
      account_restricted: 'refuse',
      currency_mismatch: 'refuse',
    });
    expect(save(true)).toEqual({ ...save(false), close_match: 'save', unavailable: 'save' });
  });
});

describe('the forced account search (SPEC §5)', () => {
  const rule = { account_field: 'mobile_wallet_number', when: { field: 'mobile_network_code', values: ['EDH'] } };

  it('holds for the networks its rule names, always without one, and never without a rule', () => {
    expect(accountSearchApplies(rule, { mobile_network_code: 'EDH' })).toBe(true);
    expect(accountSearchApplies(rule, { mobile_network_code: 'HRM' })).toBe(false);
    expect(accountSearchApplies(rule, {})).toBe(false);
    expect(accountSearchApplies({ account_field: 'account_number' }, {})).toBe(true);
    expect(accountSearchApplies(undefined, { mobile_network_code: 'EDH' })).toBe(false);
  });

  it('takes the names as the search found them, an empty middle name as none', () => {
    const found = { first_name: 'Ayaan', middle_name: null, last_name: 'Farah' };
    expect(sameHolder(found, { first_name: ' Ayaan', middle_name: '', last_name: 'Farah' })).toBe(true);
    expect(sameHolder(found, { first_name: 'ayaan', middle_name: null, last_name: 'Farah' })).toBe(false);
    expect(sameHolder(found, { first_name: 'Ayaan', middle_name: 'Mohamed', last_name: 'Farah' })).toBe(false);
  });
});
