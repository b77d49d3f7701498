import { DOCUMENT_FILE_FIELD, type DocumentImageField, type DocumentUploadForm } from '../../../domain/contract/kyc.ts';
import type { UploadedDocument, UploadFileField } from '../../../domain/contract/verification.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { UploadedFiles } from '../../http/multipart-body.ts';
import { uploadDocument } from '../verification/document-upload.ts';

/** SPEC §7's image names and the manual upload's fields they are judged as. */
const FIELDS: Readonly<Record<DocumentImageField, UploadFileField>> = {
  front_image: 'scan1',
  back_image: 'scan2',
  selfie_image: 'selfie',
};

/**
 * `POST /verification/document`: an identity document in SPEC's multipart
 * shape (`data`: `[{ "cmd": "document", "guid", "document_type" }]`, files
 * `files[<guid>][front_image|back_image|selfie_image]`), judged and stored
 * exactly as the manual upload is; a refusal names the field as it was sent.
 */
export async function uploadByCommand(
  deps: AppDeps,
  customerId: string,
  form: DocumentUploadForm,
  files: UploadedFiles,
): Promise<UploadedDocument> {
  const [command] = form.data;
  if (!command) throw new ApiError('ValidationFailed', 'Send one document command', 'data');
  const asSent = new Map<string, string>();
  const judged = new Map<string, readonly File[]>();
  for (const [name, given] of files) {
    const [, guid, image] = DOCUMENT_FILE_FIELD.exec(name) ?? [];
    if (guid !== command.guid) throw new ApiError('ValidationFailed', `${name} names no command of this upload`, name);
    const field = FIELDS[image as DocumentImageField];
    asSent.set(field, name);
    judged.set(field, given);
  }
  try {
    return await uploadDocument(deps, customerId, { document: 'identity', type: command.document_type }, judged);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.propertyPath) throw error;
    const field = error.propertyPath as UploadFileField;
    const sent = asSent.get(field) ?? `files[${command.guid}][${imageOf(field)}]`;
    if (field === 'scans[]' || !(Object.values(FIELDS) as string[]).includes(field)) throw error;
    throw new ApiError(error.type, error.message.replace(field, imageOf(field)), sent);
  }
}

const imageOf = (field: UploadFileField): DocumentImageField =>
  (Object.keys(FIELDS) as DocumentImageField[]).find((image) => FIELDS[image] === field) ?? 'front_image';
