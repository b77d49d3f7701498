import type { UploadDocumentForm, UploadedDocument, UploadFileField } from '../../../domain/contract/verification.ts';
import { DOCUMENT_TYPES, type IdentityDocumentType, identityDocumentInfo } from '../../../domain/identity-documents.ts';
import { statusOf } from '../../../domain/verification-machine.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { UploadedFiles } from '../../http/multipart-body.ts';
import { CONTENT_REFUSALS } from './document-content.ts';
import { fingerprints, storeDocumentFiles } from './document-files.ts';
import { submitDocument } from './document-submission.ts';
import { judgeFile } from './judge-file.ts';
import { loadVerification } from './verification-records.ts';

/** Which file fields a document of this kind and type takes, each required. */
function expectedFields(form: UploadDocumentForm): UploadFileField[] {
  if (form.document === 'source_of_funds') return ['scans[]'];
  if (form.document === 'address') return ['scan1'];
  const info = identityDocumentInfo(form.type as IdentityDocumentType);
  return info.backImage ? ['scan1', 'scan2', 'selfie'] : ['scan1', 'selfie'];
}

const FIELD_NAMES: Record<UploadFileField, string> = {
  scan1: 'the front of the document',
  scan2: 'the back of the document',
  selfie: 'a selfie',
  'scans[]': 'at least one proof of your source of funds',
};

interface CheckedFile {
  field: UploadFileField;
  contentType: string;
  bytes: Uint8Array;
}

/** The files of the form, each checked by its size and content, in the order of `expectedFields`. */
async function checkedFiles(form: UploadDocumentForm, files: UploadedFiles): Promise<CheckedFile[]> {
  if (!DOCUMENT_TYPES[form.document].includes(form.type)) {
    throw new ApiError(
      'ValidationFailed',
      `A ${form.type} cannot prove this; choose one of the listed documents`,
      'type',
    );
  }
  const expected = expectedFields(form);
  for (const field of files.keys()) {
    if (!expected.includes(field as UploadFileField)) {
      throw new ApiError('ValidationFailed', `A ${form.type} takes no ${field} file`, field);
    }
  }
  const checked: CheckedFile[] = [];
  for (const field of expected) {
    const given = files.get(field) ?? [];
    if (given.length === 0) throw new ApiError('ValidationFailed', `Add ${FIELD_NAMES[field]}`, field);
    // each file's size and count were checked as it streamed in (UPLOAD_FILE_RULES, from FILE_RULES)
    for (const file of given) {
      const content = await judgeFile(new Uint8Array(await file.arrayBuffer()));
      if (!content.ok) {
        const type = content.problem === CONTENT_REFUSALS.notAccepted ? 'UnsupportedMediaType' : 'ValidationFailed';
        throw new ApiError(type, content.problem, field);
      }
      checked.push({ field, contentType: content.contentType, bytes: content.bytes });
    }
  }
  return checked;
}

/**
 * The manual upload (SPEC §7 `upload-document`): the files checked by their
 * bytes, sealed (`document-sealing.ts`) and stored with the submission that
 * hands them to the document provider, in one transaction.
 */
export async function uploadDocument(
  deps: AppDeps,
  customerId: string,
  form: UploadDocumentForm,
  files: UploadedFiles,
): Promise<UploadedDocument> {
  const checked = await checkedFiles(form, files);
  const { submissionId } = await submitDocument(deps, customerId, {
    kind: form.document,
    documentType: form.type,
    files: fingerprints(checked),
    store: (trx, id) => storeDocumentFiles(deps, trx, id, checked),
  });
  return findDocument(deps, customerId, submissionId);
}

/** One of the customer's uploaded documents (never the files); another customer's answers 404. */
export async function findDocument(deps: AppDeps, customerId: string, id: string): Promise<UploadedDocument> {
  const submission = await deps.db
    .selectFrom('verification_submissions')
    .select(['id', 'kind', 'document_type', 'submitted_at'])
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!submission) throw notFound('Document');
  const files = await deps.db
    .selectFrom('verification_document_files')
    .select(['field', 'content_type', 'bytes'])
    .where('submission_id', '=', id)
    .orderBy('position')
    .execute();
  const { state } = await loadVerification(deps.db, customerId);
  return {
    id: submission.id,
    document: submission.kind as UploadedDocument['document'],
    type: submission.document_type,
    files: files as UploadedDocument['files'],
    uploaded_at: new Date(submission.submitted_at).toISOString(),
    verification_status: statusOf(state),
  };
}
