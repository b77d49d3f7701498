import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Struct } from 'superstruct';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';
import { check } from './validate.ts';

/** An upload's files by form field, in the order sent; read only by the handler. */
export type UploadedFiles = ReadonlyMap<string, readonly File[]>;

/**
 * The body middleware of a `multipart` entry: `multipart/form-data` only
 * (415), refused as a 413 once it passes `maxBytes` while it streams in
 * (a declared Content-Length over it is refused before a byte is read), text
 * fields checked by the entry's struct, files only under the names given.
 */
export function multipartBody(
  struct: Struct<any, any>,
  { maxBytes, files: fileFields }: { maxBytes: number; files: readonly (string | RegExp)[] },
): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError('PayloadTooLarge', `The upload is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`);
    },
  });
  const isFileField = (name: string) =>
    fileFields.some((field) => (typeof field === 'string' ? field === name : field.test(name)));
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
      throw new ApiError('UnsupportedMediaType', 'Send the document as multipart/form-data');
    }
    await limit(c, async () => {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        throw new ApiError('ValidationFailed', 'The upload is not a well-formed multipart form');
      }
      const fields: Record<string, string> = {};
      const uploads = new Map<string, File[]>();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') {
          if (isFileField(name)) throw new ApiError('ValidationFailed', `The ${name} field must be a file`, name);
          if (name in fields) throw new ApiError('ValidationFailed', `The ${name} field is given twice`, name);
          fields[name] = value;
        } else {
          if (!isFileField(name)) throw new ApiError('ValidationFailed', `The ${name} field is not allowed`, name);
          uploads.set(name, [...(uploads.get(name) ?? []), value]);
        }
      }
      c.req.addValidatedData('json', check(struct, fields));
      c.set('uploads', uploads);
      await next();
    });
  };
}
