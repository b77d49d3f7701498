import type { DocumentKind } from '../../../domain/verification-machine.ts';

export interface DocumentSubmission {
  /** our reference for the customer at the provider (`kyc_user_reference`) */
  customerReference: string;
  firstName: string;
  lastName: string;
  kind: DocumentKind;
  documentType: string;
  /**
   * each file's side and SHA-256, and its checked bytes: the sandbox keeps
   * only the fingerprints, Onfido is sent the files
   */
  files: { side: string; sha256: string; contentType: string; bytes: Uint8Array }[];
}

export type DocumentDecision = { outcome: 'pending' } | { outcome: 'passed' } | { outcome: 'failed'; reason: string };

/**
 * The identity-document provider (DESIGN §4): takes a set of documents and
 * decides, at once or after a manual review, whether they prove what they
 * should.
 */
export interface DocumentProvider {
  /** Hands a submission over; `idempotencyKey` again returns the first reference. */
  submit(submission: DocumentSubmission, options: { idempotencyKey: string }): Promise<{ reference: string }>;
  /** The decision so far. Throws when the provider cannot be reached. */
  decision(reference: string): Promise<DocumentDecision>;
}
