import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VERIFYING, type VerificationStatus } from '../../domain/verification.ts';

/** A check under way, and nothing asked of the customer meanwhile (SPEC's names say `Request` when something is). */
const checkingOnly = (status: VerificationStatus) => VERIFYING.has(status) && !status.includes('Request');

/**
 * The customer's verification status in words: verified, being checked, documents needed, or not registered. A
 * status where one document is being checked while another is asked for (VerifyingIdRequestAddress…) reads as
 * documents needed: what the customer has to do comes first.
 */
export function verificationStatusText(status: VerificationStatus): MessageDescriptor {
  if (status === 'Pass') return msg`Verified`;
  if (status === 'NotRegistered') return msg`Not registered`;
  if (checkingOnly(status)) return msg`Being checked`;
  return msg`Documents needed`;
}

/** The badge's tone: done, under way, or waiting for the customer. */
export function verificationTone(status: VerificationStatus): 'done' | 'checking' | 'to_do' {
  if (status === 'Pass') return 'done';
  if (checkingOnly(status)) return 'checking';
  return 'to_do';
}
