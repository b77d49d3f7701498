/**
 * Verification statuses of a customer and the sets the product keys its
 * behaviour on (SPEC §4 "States and transitions").
 */
export const VERIFICATION_STATUSES = [
  'Pass',
  'RequestId',
  'RequestAddress',
  'RequestProofOfSourceOfFunds',
  'RequestIdAddress',
  'FailedId',
  'FailedIdAddress',
  'FailedAddress',
  'VerifyingAddressRequestId',
  'Verifying',
  'VerifyingAddress',
  'VerifyingId',
  'VerifyingIdAddress',
  'VerifyingIdRequestAddress',
  'VerifyingProofOfSourceOfFunds',
  'NotRegistered',
] as const;

export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Pass is the status when no verification has been recorded. */
export const DEFAULT_VERIFICATION_STATUS: VerificationStatus = 'Pass';

/** A document upload is requested: the profile menu offers "Upload document". */
export const NEEDS_UPLOAD: ReadonlySet<VerificationStatus> = new Set([
  'RequestId',
  'RequestAddress',
  'RequestProofOfSourceOfFunds',
]);

/** An identity document is needed (requested, failed, or requested while the address is being verified). */
export const NEEDS_ID: ReadonlySet<VerificationStatus> = new Set([
  'RequestId',
  'RequestIdAddress',
  'FailedId',
  'FailedIdAddress',
  'VerifyingAddressRequestId',
]);

/** Every Verifying* status: a check is under way. */
export const VERIFYING: ReadonlySet<VerificationStatus> = new Set(
  VERIFICATION_STATUSES.filter((status) => status.startsWith('Verifying')),
);

export function isVerificationStatus(value: unknown): value is VerificationStatus {
  return typeof value === 'string' && (VERIFICATION_STATUSES as readonly string[]).includes(value);
}
