import { randomUUID } from 'node:crypto';
import type { StartedCapture } from '../../../domain/contract/verification.ts';
import type { IdentityDocumentType } from '../../../domain/identity-documents.ts';
import type { VerificationStatus } from '../../../domain/verification.ts';
import { statusOf } from '../../../domain/verification-machine.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { check } from '../../http/validate.ts';
import { callbackSignatureHolds } from '../../providers/callback-signature.ts';
import { CaptureCallback } from '../../providers/identity-capture/identity-capture-provider.ts';
import { recordDecision } from './document-decisions.ts';
import { type DocumentFile, fingerprints, storeDocumentFiles } from './document-files.ts';
import { assertAcceptedHere, customerAskedFor, submitDocument } from './document-submission.ts';
import { judgeFile } from './judge-file.ts';
import { loadVerification } from './verification-records.ts';

/** Where the provider sends the browser: the wait screen when the photos are taken, the manual upload without a camera. */
export const CAPTURE_RETURN_PATH = '/verifying-in-progress';
export const CAPTURE_FALLBACK_PATH = '/profile?capture=unavailable';

/**
 * `/user/ekyc`: start the provider's capture of the customer's identity
 * document and selfie, when their identity is asked for (else 409).
 */
export async function startCapture(
  deps: AppDeps,
  customerId: string,
  documentType: IdentityDocumentType,
): Promise<StartedCapture> {
  const { country, ...customer } = await customerAskedFor(deps, customerId, 'identity');
  assertAcceptedHere(country, documentType, 'document_type');
  const { reference, redirectUrl, sdk } = await deps.providers.identityCapture.start(
    { ...customer, documentType, returnUrl: CAPTURE_RETURN_PATH, fallbackUrl: CAPTURE_FALLBACK_PATH },
    { idempotencyKey: randomUUID() },
  );
  return { capture_reference: reference, redirect_url: redirectUrl, ...(sdk ? { sdk } : {}) };
}

/** The provider's photos, judged by their bytes like an upload (re-encoded, metadata dropped). */
async function capturedFiles(deps: AppDeps, captureReference: string): Promise<DocumentFile[]> {
  const images = await deps.providers.identityCapture.images(captureReference);
  const files: DocumentFile[] = [];
  for (const { side, bytes } of images) {
    const content = await judgeFile(bytes);
    if (!content.ok) throw new ApiError('ValidationFailed', content.problem, side);
    files.push({ field: side, contentType: content.contentType, bytes: content.bytes });
  }
  return files;
}

/**
 * The provider's signed callback (`providers/callback-signature.ts`): a
 * capture is done. A bad signature is refused before anything is read.
 */
export async function receiveCaptureCallback(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ verification_status: VerificationStatus }> {
  if (!callbackSignatureHolds(deps.config.identityCallbackSecret.key, rawBody, signature, deps.clock.now())) {
    throw new ApiError('Unauthorized', 'The callback signature does not hold');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new ApiError('ValidationFailed', 'The callback body is not JSON');
  }
  const callback = check(CaptureCallback, parsed);
  const customer = await deps.db
    .selectFrom('customers')
    .select('id')
    .where('kyc_user_reference', '=', callback.customer_reference)
    .executeTakeFirst();
  if (!customer) throw notFound('Customer');
  return { verification_status: await takeCapture(deps, customer.id, callback) };
}

/**
 * `/user/ekyc/verify`: the customer back from the provider's page asks
 * where their capture stands. When the provider has its photos but its
 * callback has not come (lost, or late), the result is fetched from the
 * provider and taken as the callback would have been.
 */
export async function verifyCapture(
  deps: AppDeps,
  customerId: string,
  captureReference: string,
): Promise<{ capture: 'taking_photos' | 'received'; verification_status: VerificationStatus }> {
  const customer = await deps.db
    .selectFrom('customers')
    .select('kyc_user_reference')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const result = await deps.providers.identityCapture.result(captureReference);
  if (!result || !customer.kyc_user_reference || result.customerReference !== customer.kyc_user_reference) {
    throw notFound('Capture');
  }
  if (!result.callback) {
    const { state } = await loadVerification(deps.db, customerId);
    return { capture: 'taking_photos', verification_status: statusOf(state) };
  }
  return { capture: 'received', verification_status: await takeCapture(deps, customerId, result.callback) };
}

/**
 * A finished capture, from the callback or asked for: its photos are
 * fetched and stored like an upload, the identity document is submitted,
 * and a decision that came with it (passed, failed) is recorded at once; a
 * manual review is collected later. Taken again, it changes nothing.
 */
async function takeCapture(deps: AppDeps, customerId: string, callback: CaptureCallback): Promise<VerificationStatus> {
  const known = await deps.db
    .selectFrom('verification_submissions')
    .select(['id', 'kind', 'provider_reference'])
    .where('customer_id', '=', customerId)
    .where('provider_reference', '=', callback.check_reference)
    .executeTakeFirst();
  let submission = known;
  if (!submission) {
    const files = await capturedFiles(deps, callback.capture_reference);
    const { submissionId } = await submitDocument(deps, customerId, {
      kind: 'identity',
      documentType: callback.document_type,
      files: fingerprints(files),
      store: (trx, id) => storeDocumentFiles(deps, trx, id, files),
      providerReference: callback.check_reference,
    });
    submission = { id: submissionId, kind: 'identity', provider_reference: callback.check_reference };
  }
  if (callback.outcome === 'passed') await recordDecision(deps, customerId, submission, { outcome: 'passed' });
  if (callback.outcome === 'failed') {
    const reason = callback.reason ?? 'The provider could not verify your document. Upload photos of it instead.';
    await recordDecision(deps, customerId, submission, { outcome: 'failed', reason });
  }
  const { state } = await loadVerification(deps.db, customerId);
  return statusOf(state);
}
