import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { SandboxCaptureSessionsTable } from '../../db/tables/verification.ts';
import type { DocumentProvider } from '../identity-documents/document-provider.ts';
import type { CaptureCallback, CapturedImage, IdentityCaptureProvider } from './identity-capture-provider.ts';

/** Where the sandbox capture page lives, under the sandbox app's mount. */
export const SANDBOX_CAPTURE_PATH = '/sandbox/identity';

export type SandboxCaptureSession = Selectable<SandboxCaptureSessionsTable>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The sandbox identity-capture provider: sessions in the database, photos
 * taken on its page (`sandbox-capture-routes.ts`). It decides as the sandbox
 * document provider does, by the customer's first name (README "Sandbox
 * documented values": `Reject` fails, `Review` waits for a manual review,
 * anyone else passes), and that provider keeps the check a review decides.
 */
export function sandboxIdentityCapture(
  db: Db,
  clock: Clock,
  documents: DocumentProvider,
): IdentityCaptureProvider & {
  session(reference: string): Promise<SandboxCaptureSession | undefined>;
  /** the page's photos arrive: kept, decided, and the callback to send; undefined when unknown or already done */
  capture(
    reference: string,
    photos: { document: Uint8Array; selfie: Uint8Array },
  ): Promise<{ session: SandboxCaptureSession; callback: CaptureCallback } | undefined>;
} {
  const session = (reference: string) =>
    db.selectFrom('sandbox_capture_sessions').selectAll().where('reference', '=', reference).executeTakeFirst();
  return {
    async start(start, { idempotencyKey }) {
      const reference = `cap_${idempotencyKey}`;
      await db
        .insertInto('sandbox_capture_sessions')
        .values({
          reference,
          customer_reference: start.customerReference,
          first_name: start.firstName,
          last_name: start.lastName,
          document_type: start.documentType,
          status: 'started',
          return_url: start.returnUrl,
          fallback_url: start.fallbackUrl,
          document_image: null,
          selfie_image: null,
          created_at: clock.now(),
          callback: null,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      return { reference, redirectUrl: `${SANDBOX_CAPTURE_PATH}/${reference}/` };
    },
    async images(reference): Promise<CapturedImage[]> {
      const found = await session(reference);
      if (!found?.document_image || !found.selfie_image) {
        throw new Error(`the sandbox capture provider has no photos for ${reference}`);
      }
      return [
        { side: 'scan1', bytes: found.document_image },
        { side: 'selfie', bytes: found.selfie_image },
      ];
    },
    async result(reference) {
      const found = await session(reference);
      if (!found) return undefined;
      return {
        customerReference: found.customer_reference,
        callback: found.callback ? (JSON.parse(found.callback) as CaptureCallback) : null,
      };
    },
    session,
    async capture(reference, photos) {
      const captured = await db
        .updateTable('sandbox_capture_sessions')
        .set({ status: 'captured', document_image: photos.document, selfie_image: photos.selfie })
        .where('reference', '=', reference)
        .where('status', '=', 'started')
        .returningAll()
        .executeTakeFirst();
      if (!captured) return undefined;
      const { reference: checkReference } = await documents.submit(
        {
          customerReference: captured.customer_reference,
          firstName: captured.first_name,
          lastName: captured.last_name,
          kind: 'identity',
          documentType: captured.document_type,
          files: [
            {
              side: 'scan1',
              sha256: sha256(photos.document),
              contentType: 'application/octet-stream',
              bytes: photos.document,
            },
            {
              side: 'selfie',
              sha256: sha256(photos.selfie),
              contentType: 'application/octet-stream',
              bytes: photos.selfie,
            },
          ],
        },
        { idempotencyKey: reference },
      );
      const decision = await documents.decision(checkReference);
      const callback: CaptureCallback = {
        event: 'capture.completed',
        capture_reference: reference,
        check_reference: checkReference,
        customer_reference: captured.customer_reference,
        document_type: captured.document_type as CaptureCallback['document_type'],
        outcome: decision.outcome === 'pending' ? 'review' : decision.outcome,
        reason: decision.outcome === 'failed' ? decision.reason : null,
      };
      await db
        .updateTable('sandbox_capture_sessions')
        .set({ callback: JSON.stringify(callback) })
        .where('reference', '=', reference)
        .execute();
      return { session: captured, callback };
    },
  };
}
