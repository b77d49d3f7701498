import type { Generated } from 'kysely';
import type { Timestamp } from './platform.ts';

/** What a database check (two-plus-two, watchlist) found: SPEC §3's `twoPlusTwoResult` / `watchlistResult`. */
export type CheckResult = 'NotVerified' | 'Verified' | 'Failed';

/** One customer's verification checks (`src/domain/verification-machine.ts`); no row is the initial state. */
export interface VerificationStatesTable {
  customer_id: string;
  /** not_started | running | done */
  database_checks: string;
  two_plus_two_result: CheckResult;
  watchlist_result: CheckResult;
  /** a watchlist hit holds the customer for a compliance review */
  review: boolean;
  /** DocumentState of each document */
  identity: string;
  address: string;
  source_of_funds: string;
  updated_at: Timestamp;
}

/** Every event applied to a customer's verification: what, who or what made it, why, when. */
export interface VerificationMovesTable {
  id: string;
  /** the order the moves were made in */
  seq: Generated<string>;
  customer_id: string;
  /** the event as JSON (`VerificationEvent`) */
  event: string;
  from_status: string;
  to_status: string;
  /** `customer`, or `provider:<name>`, or `system:<rule>` */
  actor: string;
  reason: string;
  created_at: Timestamp;
}

/** One set of documents handed to the document provider for a decision. */
export interface VerificationSubmissionsTable {
  id: string;
  customer_id: string;
  /** identity | address | source_of_funds */
  kind: string;
  /** Passport | ID | DriversLicense, or the proof document type */
  document_type: string;
  provider_reference: string;
  /** pending | passed | failed */
  outcome: string;
  /** why the provider refused it, in words for the customer */
  reason: string | null;
  submitted_at: Timestamp;
  decided_at: Timestamp | null;
}

/** The sandbox document provider's own record of what it was sent (`sandbox-document-checks.ts`). */
export interface SandboxDocumentChecksTable {
  reference: string;
  first_name: string;
  last_name: string;
  kind: string;
  submitted_at: Timestamp;
}

/** One file of an uploaded document, encrypted at rest (`document-sealing.ts`). */
export interface VerificationDocumentFilesTable {
  submission_id: string;
  position: number;
  /** scan1, scan2, selfie or scans[] */
  field: string;
  /** what its bytes are: image/jpeg, image/png or application/pdf */
  content_type: string;
  /** the stored file's size */
  bytes: number;
  /** key and file, encrypted, in rows written before the document store (migration 0049) */
  sealed: Uint8Array | null;
  /** the file's own key, encrypted with the master key `key_id` */
  wrapped_key: Uint8Array | null;
  /** the id of the master key that wrapped the file's key (`document-master-keys.ts`) */
  key_id: string;
  /** where the document store keeps the encrypted file */
  storage_key: string | null;
}

/** The encrypted document files, in the database every replica shares (`database-document-store.ts`). */
export interface DocumentStoreFilesTable {
  storage_key: string;
  ciphertext: Uint8Array;
  stored_at: Timestamp;
}

/** The sandbox identity-capture provider's sessions (`sandbox-identity-capture.ts`). */
export interface SandboxCaptureSessionsTable {
  reference: string;
  customer_reference: string;
  first_name: string;
  last_name: string;
  document_type: string;
  status: 'started' | 'captured';
  return_url: string;
  fallback_url: string;
  document_image: Uint8Array | null;
  selfie_image: Uint8Array | null;
  created_at: Timestamp;
  /** the callback's JSON once the photos are taken, for `/user/ekyc/verify` to ask for again */
  callback: string | null;
}

/** The database-check provider's refusal of a customer's details (`automatic-checks.ts`), until they change. */
export interface VerificationRefusalsTable {
  customer_id: string;
  type: 'InvalidInformation' | 'CantProceedWithProvidedDetails';
  property_path: string | null;
  message: string;
  details_digest: string;
  refused_at: Timestamp;
}

/**
 * Automatic checks whose database check has answered and whose watchlist
 * screening answers later (by the provider's webhook): what the database
 * check found, kept until the screening's verdict comes.
 */
export interface PendingScreeningsTable {
  customer_id: string;
  reference: string;
  identity: boolean;
  address: boolean;
  /** the database check's findings, in words for the move's reason */
  said: string;
  started_at: Timestamp;
}

export interface VerificationTables {
  verification_states: VerificationStatesTable;
  verification_moves: VerificationMovesTable;
  verification_submissions: VerificationSubmissionsTable;
  sandbox_document_checks: SandboxDocumentChecksTable;
  verification_document_files: VerificationDocumentFilesTable;
  document_store_files: DocumentStoreFilesTable;
  sandbox_capture_sessions: SandboxCaptureSessionsTable;
  verification_refusals: VerificationRefusalsTable;
  pending_screenings: PendingScreeningsTable;
}
