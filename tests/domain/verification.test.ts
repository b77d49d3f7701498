import { describe, expect, it } from 'vitest';
import {
  isVerificationStatus,
  NEEDS_ID,
  NEEDS_UPLOAD,
  VERIFICATION_STATUSES,
  VERIFYING,
} from '../../src/domain/verification.ts';

describe('verification status sets (SPEC §4)', () => {
  it('needs-upload is the three request statuses', () => {
    expect([...NEEDS_UPLOAD].sort()).toEqual(['RequestAddress', 'RequestId', 'RequestProofOfSourceOfFunds']);
  });

  it('needs-ID covers requested, failed and address-pending ID', () => {
    expect([...NEEDS_ID].sort()).toEqual([
      'FailedId',
      'FailedIdAddress',
      'RequestId',
      'RequestIdAddress',
      'VerifyingAddressRequestId',
    ]);
  });

  it('verifying is every Verifying* status, and the badge uses three of them', () => {
    expect([...VERIFYING].sort()).toEqual([
      'Verifying',
      'VerifyingAddress',
      'VerifyingAddressRequestId',
      'VerifyingId',
      'VerifyingIdAddress',
      'VerifyingIdRequestAddress',
      'VerifyingProofOfSourceOfFunds',
    ]);
  });

  it('recognises only the known statuses', () => {
    expect(VERIFICATION_STATUSES).toHaveLength(16);
    expect(isVerificationStatus('Pass')).toBe(true);
    expect(isVerificationStatus('pass')).toBe(false);
    expect(isVerificationStatus(undefined)).toBe(false);
  });
});
