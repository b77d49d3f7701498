import { verificationApi } from '../../../domain/contract/verification.ts';
import { acceptedIdentityDocuments } from '../../../domain/identity-documents.ts';
import { area } from '../../http/mount-endpoints.ts';
import { findDocument, uploadDocument } from './document-upload.ts';
import { startCapture } from './identity-capture.ts';

/** The customer's verification documents: the upload, what was uploaded, and what is accepted where. */
export const verificationArea = area(verificationApi, {
  startCapture: ({ deps, session, body }) => startCapture(deps, session.customerId, body.document_type),
  uploadDocument: ({ deps, session, body, files }) => uploadDocument(deps, session.customerId, body, files),
  getDocument: ({ deps, session, params }) => findDocument(deps, session.customerId, params.document_id),
  docsInfo: ({ body }) => ({
    iso_code: body.iso_code.toUpperCase(),
    documents: acceptedIdentityDocuments(body.iso_code),
  }),
});
