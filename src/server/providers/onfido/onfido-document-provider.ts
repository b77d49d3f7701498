import { type DefaultApi, type DocumentTypes, FileTransfer } from '@onfido/api';
import type { IdentityDocumentType } from '../../../domain/identity-documents.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import type {
  DocumentDecision,
  DocumentProvider,
  DocumentSubmission,
} from '../identity-documents/document-provider.ts';
import { applicantFor } from './onfido-applicants.ts';
import { checkFor, completedReports } from './onfido-checks.ts';
import { DOCUMENT_REPORTS, documentVerdict } from './onfido-verdicts.ts';

/** Our identity document types as Onfido names them. */
export const ONFIDO_DOCUMENT_TYPES: Record<IdentityDocumentType, DocumentTypes> = {
  Passport: 'passport',
  ID: 'national_identity_card',
  DriversLicense: 'driving_licence',
};

/**
 * Onfido checks identity documents only: it has no report for a source of
 * funds, and its proof-of-address report covers British addresses alone.
 */
export const KIND_NOT_CHECKED =
  'This document cannot be checked online yet. Contact support to send it to us another way.';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };
const fileOf = (file: DocumentSubmission['files'][number]) =>
  new FileTransfer(Buffer.from(file.bytes), `${file.side}.${EXTENSIONS[file.contentType] ?? 'bin'}`);

/**
 * `IDENTITY_DOCUMENTS=onfido`: a manual upload of an identity document is
 * sent to the customer's applicant (the front, the back where there is one,
 * the selfie as a live photo) and checked with a document and a facial
 * similarity report; a capture's check (`onfido-identity-capture.ts`) is
 * decided the same way. The decision comes once Onfido's signed webhook
 * says the check is complete.
 */
export function onfidoDocumentProvider(db: Db, api: DefaultApi, clock: Clock): DocumentProvider {
  return {
    async submit(submission, { idempotencyKey }) {
      if (submission.kind !== 'identity') throw new ApiError('ServiceUnavailable', KIND_NOT_CHECKED);
      const applicantId = await applicantFor(db, api, clock, submission);
      const type = ONFIDO_DOCUMENT_TYPES[submission.documentType as IdentityDocumentType];
      const documentIds: string[] = [];
      for (const file of submission.files) {
        if (file.side === 'selfie') {
          await api.uploadLivePhoto(applicantId, fileOf(file));
        } else {
          const side = file.side === 'scan2' ? 'back' : 'front';
          const { data } = await api.uploadDocument(type, applicantId, fileOf(file), undefined, side);
          documentIds.push(data.id);
        }
      }
      const checkId = await checkFor(db, api, clock, {
        applicantId,
        customerReference: submission.customerReference,
        purpose: 'document',
        reference: idempotencyKey,
        reports: DOCUMENT_REPORTS,
        documentIds,
      });
      return { reference: checkId };
    },
    async decision(reference): Promise<DocumentDecision> {
      const reports = await completedReports(db, api, reference);
      return reports ? documentVerdict(reports) : { outcome: 'pending' };
    },
  };
}
