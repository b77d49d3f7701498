import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHECK_RESULTS, nextAfterCheck, saveAfterCheck } from '../../src/domain/account-check.ts';

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
