import { describe, expect, it } from 'vitest';
import { VERIFICATION_STATUSES } from '../../domain/verification.ts';
import { verificationStatusText, verificationTone } from './verification-status-text.ts';

describe('the verification badge', () => {
  const said = (status: (typeof VERIFICATION_STATUSES)[number]) => verificationStatusText(status).message;

  it('reads "being checked" while a check is under way and nothing is asked of the customer', () => {
    for (const status of ['Verifying', 'VerifyingId', 'VerifyingAddress', 'VerifyingProofOfSourceOfFunds'] as const) {
      expect(said(status), status).toBe('Being checked');
      expect(verificationTone(status)).toBe('checking');
    }
  });

  it('reads "documents needed" whenever a document is asked for, even while another is checked', () => {
    for (const status of ['RequestId', 'VerifyingIdRequestAddress', 'VerifyingAddressRequestId', 'FailedId'] as const) {
      expect(said(status), status).toBe('Documents needed');
      expect(verificationTone(status)).toBe('to_do');
    }
  });

  it('has a word for every status', () => {
    expect(said('Pass')).toBe('Verified');
    expect(said('NotRegistered')).toBe('Not registered');
    for (const status of VERIFICATION_STATUSES) expect(said(status)).toBeTruthy();
  });
});
