import {
  DOCUMENT_FILE_FIELD,
  type DocumentImageField,
  type DocumentUploadForm,
  IMAGE_FIELDS,
  imageOf,
} from '../../../domain/contract/kyc.ts';
import type { UploadedDocument } from '../../../domain/contract/verification.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { UploadedFiles } from '../../http/multipart-body.ts';
import { uploadDocument } from '../verification/document-upload.ts';

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
    const field = IMAGE_FIELDS[image as DocumentImageField];
    asSent.set(field, name);
    judged.set(field, given);
  }
  try {
    return await uploadDocument(deps, customerId, { document: 'identity', type: command.document_type }, judged);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.propertyPath) throw error;
    const image = imageOf(error.propertyPath);
    if (!image) throw error;
    const sent = asSent.get(error.propertyPath) ?? `files[${command.guid}][${image}]`;
    throw new ApiError(error.type, error.message.replace(error.propertyPath, image), sent);
  }
}
