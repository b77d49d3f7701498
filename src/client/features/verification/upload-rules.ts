import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { uploadFieldOf } from '../../../domain/contract/kyc.ts';
import type { UploadFileField } from '../../../domain/contract/verification.ts';
import { FILE_RULES, UPLOAD_CONTENT_TYPES } from '../../../domain/identity-documents.ts';
import type { DocumentKind } from '../../../domain/verification-machine.ts';
import type { ApiFailure } from '../../lib/api/api-failure.ts';
import { type Text, textFor } from '../../lib/forms/rule-text.ts';

export type FileErrors = Partial<Record<UploadFileField, Text>>;

const megabytes = (bytes: number) => Number((bytes / (1024 * 1024)).toFixed(2));

const MISSING: Record<UploadFileField, MessageDescriptor> = {
  scan1: msg`Add a photo of the front of the document`,
  scan2: msg`Add a photo of the back of the document`,
  selfie: msg`Add a selfie`,
  'scans[]': msg`Add at least one file`,
};

const NOT_ACCEPTED = msg`Only a photo (JPEG or PNG) or a PDF can be uploaded`;

function tooBig(kind: DocumentKind): MessageDescriptor {
  const size = megabytes(FILE_RULES[kind].maxBytes);
  return msg`Each file must be at most ${size} MB`;
}

/**
 * The same rules the server applies, checked before sending so the customer
 * hears at once what to change: each field given, at most the kind's count,
 * each file a photo or PDF of at most the kind's size.
 */
export function checkFiles(
  kind: DocumentKind,
  fields: readonly UploadFileField[],
  files: Partial<Record<UploadFileField, File[]>>,
): FileErrors {
  const errors: FileErrors = {};
  const { maxBytes, maxFiles } = FILE_RULES[kind];
  for (const field of fields) {
    const given = files[field] ?? [];
    if (given.length === 0) errors[field] = MISSING[field];
    else if (given.length > maxFiles) errors[field] = msg`Choose at most ${maxFiles} files`;
    else if (given.some((file) => !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)))
      errors[field] = NOT_ACCEPTED;
    else if (given.some((file) => file.size > maxBytes)) errors[field] = tooBig(kind);
  }
  return errors;
}

const DAMAGED = 'The file is damaged or incomplete. Take the photo again or export the PDF again.';
const ACTIVE_PDF =
  'This PDF has a password, scripts, forms, attachments or actions, which we cannot accept. Print it to a new PDF or upload a photo of it instead.';

/** The server's refusal of a file, on its field, in the customer's language where we know the words. */
export function serverFileErrors(failure: ApiFailure, kind: DocumentKind): FileErrors | null {
  const path = failure.propertyPath;
  const field = (path && (uploadFieldOf(path) ?? path)) as UploadFileField | null;
  if (!field || !(field in MISSING)) return null;
  if (failure.type === 'UnsupportedMediaType') return { [field]: NOT_ACCEPTED };
  if (failure.type === 'PayloadTooLarge') return { [field]: tooBig(kind) };
  if (failure.message === DAMAGED)
    return { [field]: msg`The file is damaged or incomplete. Take the photo again or export the PDF again.` };
  if (failure.message === ACTIVE_PDF) {
    return {
      [field]: msg`This PDF has a password, scripts, forms, attachments or actions, which we cannot accept. Print it to a new PDF or upload a photo of it instead.`,
    };
  }
  return { [field]: textFor(failure.message) };
}
