import { verificationApi } from '../../../domain/contract/verification.ts';
import { area } from '../../http/mount-endpoints.ts';
import { docsInfo } from './docs-info.ts';
import { findDocument, uploadDocument } from './document-upload.ts';
import { startCapture, verifyCapture } from './identity-capture.ts';

/** The customer's verification documents: the upload, what was uploaded, and what is accepted where. */
export const verificationArea = area(verificationApi, {
  startCapture: ({ deps, session, body }) => startCapture(deps, session.customerId, body.document_type),
  uploadDocument: ({ deps, session, body, files }) => uploadDocument(deps, session.customerId, body, files),
  getDocument: ({ deps, session, params }) => findDocument(deps, session.customerId, params.document_id),
  verifyCapture: ({ deps, session, body }) => verifyCapture(deps, session.customerId, body.capture_reference),
  docsInfo: ({ deps, body }) => docsInfo(deps, body.iso_code),
});
