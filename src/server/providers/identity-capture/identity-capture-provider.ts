import { enums, type Infer, literal, nullable, object, size, string } from 'superstruct';
import { IDENTITY_DOCUMENT_TYPES, type IdentityDocumentType } from '../../../domain/identity-documents.ts';

export interface CaptureStart {
  /** our reference for the customer at the provider (`kyc_user_reference`) */
  customerReference: string;
  firstName: string;
  lastName: string;
  documentType: IdentityDocumentType;
  /** same-origin path the provider sends the browser back to once the photos are taken, with `?capture=<reference>` */
  returnUrl: string;
  /** same-origin path it sends the browser to when the camera cannot be used */
  fallbackUrl: string;
}

/** A photo the provider took: the document's front (`scan1`), its back (`scan2`) or the customer's face (`selfie`). */
export interface CapturedImage {
  side: 'scan1' | 'scan2' | 'selfie';
  bytes: Uint8Array;
}

/**
 * A capture started: the browser goes to `redirectUrl`, or, with `sdk`, runs
 * the provider's capture SDK on our own page first and then goes there.
 */
export interface CaptureStarted {
  reference: string;
  redirectUrl: string;
  /** the provider's browser SDK and the short-lived token it starts with (Onfido's Web SDK) */
  sdk?: { provider: 'onfido'; token: string };
}

/**
 * The identity-verification provider's capture flow (SPEC `/user/ekyc`,
 * DESIGN §4): we start a capture and send the browser to the provider's
 * page, which takes a photo of the document and a selfie with the camera.
 * The provider then tells us its decision by a signed callback
 * (`providers/callback-signature.ts`), and we fetch the photos from it.
 */
export interface IdentityCaptureProvider {
  start(start: CaptureStart, options: { idempotencyKey: string }): Promise<CaptureStarted>;
  /** The photos of a finished capture. Throws when the provider cannot be reached or has none. */
  images(reference: string): Promise<CapturedImage[]>;
  /**
   * Where a capture stands, asked of the provider (for a callback that has
   * not come): whose it is, and its callback's content once the photos are
   * taken. Undefined when the provider knows no such capture.
   */
  result(reference: string): Promise<{ customerReference: string; callback: CaptureCallback | null } | undefined>;
}

/**
 * The provider's callback when a capture is done (its JSON body, signed):
 * the decision on the document, and the reference of the check that a
 * manual review will decide later (`DocumentProvider.decision`).
 */
export const CaptureCallback = object({
  event: literal('capture.completed'),
  capture_reference: size(string(), 1, 100),
  check_reference: size(string(), 1, 100),
  customer_reference: size(string(), 1, 100),
  document_type: enums(IDENTITY_DOCUMENT_TYPES),
  /** `review`: a person at the provider decides later */
  outcome: enums(['passed', 'failed', 'review']),
  /** why it failed, in words for the customer */
  reason: nullable(size(string(), 1, 500)),
});
export type CaptureCallback = Infer<typeof CaptureCallback>;
