import {
  ADDRESS_PROOF_TYPES,
  FILE_RULES,
  FUNDS_PROOF_TYPES,
  IDENTITY_DOCUMENT_TYPES,
  UPLOAD_BODY_MAX_BYTES,
  UPLOAD_CONTENT_TYPES,
} from '../identity-documents.ts';
import { VERIFICATION_STATUSES } from '../verification.ts';
import { DOCUMENT_KINDS } from '../verification-machine.ts';
import { endpoint, type MultipartFileRule } from './endpoint.ts';
import { array, boolean, enums, type Infer, number, object, optional, pattern, string } from './structs.ts';

/**
 * The customer's verification documents (SPEC §7 "upload-document",
 * "api/v2/docs-info"), under the main API base with the session.
 */

/** The text fields of the manual upload (SPEC §7: `type`, then `scan1`, `scan2`, `selfie` or `scans[]` as files). */
export const UploadDocumentForm = object({
  /** which request this answers: identity, address or source_of_funds */
  document: enums(DOCUMENT_KINDS),
  /** Passport, ID or DriversLicense for identity; the proof document's type for address and source of funds */
  type: enums([...new Set([...IDENTITY_DOCUMENT_TYPES, ...ADDRESS_PROOF_TYPES, ...FUNDS_PROOF_TYPES])]),
});
export type UploadDocumentForm = Infer<typeof UploadDocumentForm>;

export const UPLOAD_FILE_FIELDS = ['scan1', 'scan2', 'selfie', 'scans[]'] as const;
export type UploadFileField = (typeof UPLOAD_FILE_FIELDS)[number];

/** Each file field's size and count, checked while the upload streams in (SPEC §9, `FILE_RULES`). */
export const UPLOAD_FILE_RULES: readonly MultipartFileRule[] = [
  ...(['scan1', 'scan2', 'selfie'] as const).map((name) => ({
    name,
    maxBytes: Math.max(FILE_RULES.identity.maxBytes, FILE_RULES.address.maxBytes),
    maxCount: 1,
  })),
  { name: 'scans[]', maxBytes: FILE_RULES.source_of_funds.maxBytes, maxCount: FILE_RULES.source_of_funds.maxFiles },
];

export const StoredFile = object({
  /** scan1, scan2, selfie, or scans[] */
  field: enums(UPLOAD_FILE_FIELDS),
  content_type: enums(UPLOAD_CONTENT_TYPES),
  bytes: number(),
});

/** One uploaded document as its owner sees it; the files themselves are never sent back. */
export const UploadedDocument = object({
  id: string(),
  document: enums(DOCUMENT_KINDS),
  type: string(),
  files: array(StoredFile),
  /** ISO 8601 */
  uploaded_at: string(),
  /** the customer's SPEC §4 status after the upload */
  verification_status: enums(VERIFICATION_STATUSES),
});
export type UploadedDocument = Infer<typeof UploadedDocument>;

export const DocsInfoRequest = object({
  /** the country of residence (`SE`), or for the US and Canada its state or province (`US-CA`, `CA-ON`) */
  iso_code: pattern(string(), /^[A-Za-z]{2}(-[A-Za-z0-9]{1,3})?$/),
});

/** SPEC §3 "Verification document info": one accepted identity document and the images it needs. */
export const DocumentInfo = object({
  document_type: enums(IDENTITY_DOCUMENT_TYPES),
  frontImage: boolean(),
  backImage: boolean(),
  selfie: boolean(),
});
export const DocsInfo = object({ iso_code: string(), documents: array(DocumentInfo) });
export type DocsInfo = Infer<typeof DocsInfo>;

export const StartCaptureRequest = object({ document_type: enums(IDENTITY_DOCUMENT_TYPES) });

/**
 * A started capture at the identity-verification provider: the browser goes to `redirect_url` (the provider's page),
 * or, with `sdk`, first runs the provider's capture SDK on our page with its token (Onfido's Web SDK), then goes there.
 */
export const StartedCapture = object({
  capture_reference: string(),
  redirect_url: string(),
  sdk: optional(object({ provider: enums(['onfido'] as const), token: string() })),
});
export type StartedCapture = Infer<typeof StartedCapture>;

export const VerifyCaptureRequest = object({ capture_reference: pattern(string(), /^[A-Za-z0-9_-]{1,100}$/) });

/**
 * `/user/ekyc/verify`: where a camera capture stands at the provider.
 * `taking_photos`: not finished on its page yet; `received`: its decision is
 * ours (from its callback, or fetched now when the callback has not come).
 */
export const VerifiedCapture = object({
  capture: enums(['taking_photos', 'received'] as const),
  verification_status: enums(VERIFICATION_STATUSES),
});
export type VerifiedCapture = Infer<typeof VerifiedCapture>;

export const verificationApi = {
  /** SPEC `/user/ekyc`: start the provider's camera capture of the identity document and a selfie */
  startCapture: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/ekyc',
    auth: 'session',
    body: StartCaptureRequest,
    response: StartedCapture,
    status: 201,
  }),
  /** SPEC `/user/ekyc/verify`: ask the provider for a capture's result; another customer's capture answers 404 */
  verifyCapture: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/ekyc/verify',
    auth: 'session',
    body: VerifyCaptureRequest,
    response: VerifiedCapture,
  }),
  uploadDocument: endpoint({
    method: 'POST',
    base: 'main',
    path: '/verification/upload-document',
    auth: 'session',
    body: UploadDocumentForm,
    multipart: { maxBytes: UPLOAD_BODY_MAX_BYTES, files: UPLOAD_FILE_RULES },
    response: UploadedDocument,
    status: 201,
  }),
  getDocument: endpoint({
    method: 'GET',
    base: 'main',
    path: '/verification/documents/:document_id',
    auth: 'session',
    params: object({
      document_id: pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
    }),
    notFound: 'Document',
    response: UploadedDocument,
  }),
  docsInfo: endpoint({
    method: 'POST',
    base: 'main',
    path: '/api/v2/docs-info',
    auth: 'session',
    body: DocsInfoRequest,
    response: DocsInfo,
  }),
} as const;
