import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VERIFYING, type VerificationStatus } from '../../domain/verification.ts';

/** The customer's verification status in words: verified, being checked, documents needed, or not registered. */
export function verificationStatusText(status: VerificationStatus): MessageDescriptor {
  if (status === 'Pass') return msg`Verified`;
  if (status === 'NotRegistered') return msg`Not registered`;
  if (VERIFYING.has(status)) return msg`Being checked`;
  return msg`Documents needed`;
}

/** The badge's tone: done, under way, or waiting for the customer. */
export function verificationTone(status: VerificationStatus): 'done' | 'checking' | 'to_do' {
  if (status === 'Pass') return 'done';
  if (VERIFYING.has(status)) return 'checking';
  return 'to_do';
}
