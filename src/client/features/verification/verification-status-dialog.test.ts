import { describe, expect, it } from 'vitest';
import { VERIFICATION_STATUSES } from '../../../domain/verification.ts';
import { outcomeOf } from './verification-status-dialog.tsx';

describe('the status modal after an upload', () => {
  it('names every status as verified, being checked, refused or another document needed', () => {
    const by: Record<string, string[]> = {};
    for (const status of VERIFICATION_STATUSES) by[outcomeOf(status)] = [...(by[outcomeOf(status)] ?? []), status];
    expect(by).toEqual({
      success: ['Pass'],
      more: ['RequestId', 'RequestAddress', 'RequestProofOfSourceOfFunds', 'RequestIdAddress', 'NotRegistered'],
      fail: ['FailedId', 'FailedIdAddress', 'FailedAddress'],
      wait: [
        'VerifyingAddressRequestId',
        'Verifying',
        'VerifyingAddress',
        'VerifyingId',
        'VerifyingIdAddress',
        'VerifyingIdRequestAddress',
        'VerifyingProofOfSourceOfFunds',
      ],
    });
  });
});
