import type { DefaultApi } from '@onfido/api';
import type { IdentityDocumentType } from '../../../domain/identity-documents.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type {
  CaptureCallback,
  CapturedImage,
  IdentityCaptureProvider,
} from '../identity-capture/identity-capture-provider.ts';
import type { OnfidoSettings } from '../provider-settings.ts';
import { BINARY } from './onfido-api.ts';
import { applicantFor } from './onfido-applicants.ts';
import { checkFor, completedReports } from './onfido-checks.ts';
import { DOCUMENT_REPORTS, documentVerdict } from './onfido-verdicts.ts';

/** Files uploaded up to this long before the capture started still count as its own (clocks differ). */
const CLOCK_SKEW_MS = 10 * 60_000;
/** A check asked for and not recorded by then (its request died) may be asked for again. */
const CHECK_CLAIM_MS = 60_000;

/**
 * `IDENTITY_CAPTURE=onfido`: the capture runs in the customer's browser
 * with Onfido's Web SDK, started with an SDK token for the customer's
 * applicant; the SDK uploads the document and the selfie to Onfido itself.
 * When the browser is back (`/user/ekyc/verify`), the capture's check is
 * created with a document and a facial similarity report on the files it
 * uploaded; its verdict is the document provider's (`IDENTITY_DOCUMENTS=onfido`),
 * once Onfido's signed webhook says the check is complete.
 */
export function onfidoIdentityCapture(
  db: Db,
  api: DefaultApi,
  clock: Clock,
  settings: OnfidoSettings,
): IdentityCaptureProvider {
  const captureOf = (reference: string) =>
    db.selectFrom('onfido_captures').selectAll().where('reference', '=', reference).executeTakeFirst();

  /** The document files and live photos the SDK uploaded for this capture, newest first. */
  async function uploaded(applicantId: string, since: Date) {
    const after = (created: string | undefined) =>
      created !== undefined && new Date(created).getTime() >= since.getTime() - CLOCK_SKEW_MS;
    const newest = (a: { created_at?: string }, b: { created_at?: string }) =>
      (b.created_at ?? '').localeCompare(a.created_at ?? '');
    const [{ data: documents }, { data: photos }] = await Promise.all([
      api.listDocuments(applicantId),
      api.listLivePhotos(applicantId),
    ]);
    return {
      documents: documents.documents.filter((d) => after(d.created_at)).sort(newest),
      photos: photos.live_photos.filter((p) => after(p.created_at)).sort(newest),
    };
  }

  const checkOf = (reference: string) =>
    db
      .selectFrom('onfido_checks')
      .select('check_id')
      .where('purpose', '=', 'document')
      .where('reference', '=', reference)
      .executeTakeFirst();

  return {
    async start(start, { idempotencyKey }) {
      const applicantId = await applicantFor(db, api, clock, start);
      const { data } = await api.generateSdkToken({ applicant_id: applicantId, referrer: settings.referrer });
      const reference = `onf_${idempotencyKey}`;
      await db
        .insertInto('onfido_captures')
        .values({
          reference,
          customer_reference: start.customerReference,
          applicant_id: applicantId,
          document_type: start.documentType,
          check_requested_at: null,
          created_at: clock.now(),
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      return {
        reference,
        redirectUrl: `${start.returnUrl}?capture=${encodeURIComponent(reference)}`,
        sdk: { provider: 'onfido', token: data.token },
      };
    },

    async images(reference): Promise<CapturedImage[]> {
      const capture = await captureOf(reference);
      if (!capture) throw new Error(`no Onfido capture ${reference}`);
      const { documents, photos } = await uploaded(capture.applicant_id, new Date(capture.created_at));
      const front = documents.find((d) => d.side !== 'back');
      const back = documents.find((d) => d.side === 'back');
      const selfie = photos[0];
      if (!front || !selfie) throw new Error(`Onfido has no photos for the capture ${reference}`);
      const bytesOf = async (download: Promise<{ data: { buffer: Buffer } }>) =>
        new Uint8Array((await download).data.buffer);
      const images: CapturedImage[] = [{ side: 'scan1', bytes: await bytesOf(api.downloadDocument(front.id, BINARY)) }];
      if (back) images.push({ side: 'scan2', bytes: await bytesOf(api.downloadDocument(back.id, BINARY)) });
      images.push({ side: 'selfie', bytes: await bytesOf(api.downloadLivePhoto(selfie.id, BINARY)) });
      return images;
    },

    async result(reference) {
      const capture = await captureOf(reference);
      if (!capture) return undefined;
      const waiting = { customerReference: capture.customer_reference, callback: null };
      let checkId = (await checkOf(reference))?.check_id;
      if (!checkId) {
        const { documents, photos } = await uploaded(capture.applicant_id, new Date(capture.created_at));
        if (!documents.some((d) => d.side !== 'back') || photos.length === 0) return waiting;
        const now = clock.now();
        const claimed = await db
          .updateTable('onfido_captures')
          .set({ check_requested_at: now })
          .where('reference', '=', reference)
          .where((eb) =>
            eb.or([
              eb('check_requested_at', 'is', null),
              eb('check_requested_at', '<', new Date(now.getTime() - CHECK_CLAIM_MS)),
            ]),
          )
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return waiting;
        const sides = new Set<string>();
        const documentIds = documents
          .filter((d) => !sides.has(d.side ?? 'front') && sides.add(d.side ?? 'front'))
          .map((d) => d.id);
        checkId = await checkFor(db, api, clock, {
          applicantId: capture.applicant_id,
          customerReference: capture.customer_reference,
          purpose: 'document',
          reference,
          reports: DOCUMENT_REPORTS,
          documentIds,
        });
      }
      const reports = await completedReports(db, api, checkId);
      const decision = reports ? documentVerdict(reports) : { outcome: 'pending' as const };
      const callback: CaptureCallback = {
        event: 'capture.completed',
        capture_reference: reference,
        check_reference: checkId,
        customer_reference: capture.customer_reference,
        document_type: capture.document_type as IdentityDocumentType,
        outcome: decision.outcome === 'pending' ? 'review' : decision.outcome,
        reason: decision.outcome === 'failed' ? decision.reason : null,
      };
      return { customerReference: capture.customer_reference, callback };
    },
  };
}
