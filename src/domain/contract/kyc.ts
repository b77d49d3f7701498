import { FILE_RULES, IDENTITY_DOCUMENT_TYPES, UPLOAD_BODY_MAX_BYTES } from '../identity-documents.ts';
import { VERIFICATION_STATUSES } from '../verification.ts';
import { endpoint } from './endpoint.ts';
import { fromString } from './from-string.ts';
import { array, boolean, enums, type Infer, literal, nullable, object, pattern, size, string } from './structs.ts';
import { CHECK_RESULTS, DocumentRequest, NextDocumentRequest, VerificationTask } from './user/profile.ts';
import { DocumentInfo, UploadedDocument } from './verification.ts';

/**
 * The verification microservice (SPEC §7): the customer's verification as
 * the identity provider's seam holds it, under its own base with the
 * session. Every call answers only about the signed-in customer.
 */

/** `GET /customer`, `GET /customer/{userReference}`: where the customer's verification stands. */
export const KycCustomer = object({
  /** the identity provider's reference (`kyc_user_reference`), once the checks have run */
  user_reference: nullable(string()),
  status: enums(VERIFICATION_STATUSES),
  twoPlusTwoResult: enums(CHECK_RESULTS),
  watchlistResult: enums(CHECK_RESULTS),
  document_request: nullable(DocumentRequest),
  next_document_request: nullable(NextDocumentRequest),
  tasks: array(VerificationTask),
});
export type KycCustomer = Infer<typeof KycCustomer>;

/** `GET /verification/id-device`: the identity document check made with the device's camera. */
export const IdDevice = object({
  /** an identity document is asked for, so the camera capture (`/user/ekyc`) may start */
  capture_open: boolean(),
  /** the documents accepted where the customer lives (as `api/v2/docs-info`) */
  documents: array(DocumentInfo),
  /** the latest identity document sent, by camera or upload */
  latest: nullable(
    object({
      document_type: enums(IDENTITY_DOCUMENT_TYPES),
      state: enums(['checking', 'passed', 'failed'] as const),
      reason: nullable(string()),
      /** ISO 8601 */
      submitted_at: string(),
    }),
  ),
});
export type IdDevice = Infer<typeof IdDevice>;

/** `GET /verification/phone`, `GET /verification/email`: the contact detail and whether a code confirmed it. */
export const ContactCheck = object({
  value: nullable(string()),
  verified: boolean(),
  /** ISO 8601 */
  verified_at: nullable(string()),
});
export type ContactCheck = Infer<typeof ContactCheck>;

/** `POST /verification/watchlist`, `/verification/address`: the check's result, run first when it has not been. */
export const CheckAnswer = object({ result: enums(CHECK_RESULTS), status: enums(VERIFICATION_STATUSES) });
export type CheckAnswer = Infer<typeof CheckAnswer>;

/** One command of a document upload: its files are `files[<guid>][front_image|back_image|selfie_image]`. */
export const DocumentCommand = object({
  cmd: literal('document'),
  guid: pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  document_type: enums(IDENTITY_DOCUMENT_TYPES),
});
export type DocumentCommand = Infer<typeof DocumentCommand>;

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** SPEC §7's document upload: `data`, a JSON list of one command (one identity document at a time). */
export const DocumentUploadForm = object({
  data: fromString(size(array(DocumentCommand), 1, 1), parsedJson, (described) => ({
    type: 'string',
    contentMediaType: 'application/json',
    contentSchema: described,
  })),
});
export type DocumentUploadForm = Infer<typeof DocumentUploadForm>;

export const DOCUMENT_IMAGE_FIELDS = ['front_image', 'back_image', 'selfie_image'] as const;
export type DocumentImageField = (typeof DOCUMENT_IMAGE_FIELDS)[number];
/** A file field of the upload: `files[<guid>][front_image]` and its siblings. */
export const DOCUMENT_FILE_FIELD = /^files\[([^\]]{1,64})\]\[(front_image|back_image|selfie_image)\]$/;

/** SPEC's image names and the manual upload's fields (`upload-document`) they are judged as. */
export const IMAGE_FIELDS: Readonly<Record<DocumentImageField, 'scan1' | 'scan2' | 'selfie'>> = {
  front_image: 'scan1',
  back_image: 'scan2',
  selfie_image: 'selfie',
};

/** The SPEC name of a manual upload's identity field. */
export const imageOf = (field: string): DocumentImageField | undefined =>
  DOCUMENT_IMAGE_FIELDS.find((image) => IMAGE_FIELDS[image] === field);

/** The manual upload's field a SPEC file field stands for (`files[<guid>][back_image]` → `scan2`), or undefined. */
export function uploadFieldOf(name: string): 'scan1' | 'scan2' | 'selfie' | undefined {
  const image = DOCUMENT_FILE_FIELD.exec(name)?.[2] as DocumentImageField | undefined;
  return image ? IMAGE_FIELDS[image] : undefined;
}

export const USER_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

export const kycApi = {
  customer: endpoint({ method: 'GET', base: 'kyc', path: '/customer', auth: 'session', response: KycCustomer }),
  /** another customer's reference, or one never given, answers 404 */
  customerByReference: endpoint({
    method: 'GET',
    base: 'kyc',
    path: '/customer/:user_reference',
    auth: 'session',
    params: object({ user_reference: pattern(string(), USER_REFERENCE) }),
    notFound: 'Customer',
    response: KycCustomer,
  }),
  idDevice: endpoint({
    method: 'GET',
    base: 'kyc',
    path: '/verification/id-device',
    auth: 'session',
    response: IdDevice,
  }),
  /** an identity document in SPEC's multipart shape; judged as `upload-document` judges `scan1`, `scan2`, `selfie` */
  document: endpoint({
    method: 'POST',
    base: 'kyc',
    path: '/verification/document',
    auth: 'session',
    body: DocumentUploadForm,
    multipart: {
      maxBytes: UPLOAD_BODY_MAX_BYTES,
      files: [{ name: DOCUMENT_FILE_FIELD, maxBytes: FILE_RULES.identity.maxBytes, maxCount: 1 }],
    },
    response: UploadedDocument,
    status: 201,
  }),
  phone: endpoint({ method: 'GET', base: 'kyc', path: '/verification/phone', auth: 'session', response: ContactCheck }),
  email: endpoint({ method: 'GET', base: 'kyc', path: '/verification/email', auth: 'session', response: ContactCheck }),
  watchlist: endpoint({
    method: 'POST',
    base: 'kyc',
    path: '/verification/watchlist',
    auth: 'session',
    response: CheckAnswer,
  }),
  address: endpoint({
    method: 'POST',
    base: 'kyc',
    path: '/verification/address',
    auth: 'session',
    response: CheckAnswer,
  }),
} as const;
