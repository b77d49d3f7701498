import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import type { MiddlewareHandler } from 'hono';
import type { Struct } from 'superstruct';
import type { MultipartFileRule } from '../../domain/contract/endpoint.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';
import { check } from './validate.ts';

/** An upload's files by form field, in the order sent; read only by the handler. */
export type UploadedFiles = ReadonlyMap<string, readonly File[]>;

const MB = 1024 * 1024;
const inMb = (bytes: number) => (bytes / MB).toFixed(2).replace(/\.?0+$/, '');
/** Text fields are short (a type, a JSON list of commands); parts are few. */
const FORM_LIMITS = { fieldSize: 16 * 1024, fields: 10, parts: 40 } as const;

const malformed = () => new ApiError('ValidationFailed', 'The upload is not a well-formed multipart form');

/**
 * The body middleware of a `multipart` entry: `multipart/form-data` only
 * (415). The form is parsed as it streams in (busboy), and refused the
 * moment it breaks a limit, without reading the rest: a declared
 * Content-Length over `maxBytes`, a body that streams past it (413), a file
 * past its field's `maxBytes` (413) or one more than its `maxCount` (400),
 * a file under a name the entry does not list (400). Text fields are
 * checked by the entry's struct.
 */
export function multipartBody(
  struct: Struct<any, any>,
  { maxBytes, files: rules }: { maxBytes: number; files: readonly MultipartFileRule[] },
): MiddlewareHandler<AppEnv> {
  const ruleOf = (name: string) =>
    rules.find((rule) => (typeof rule.name === 'string' ? rule.name === name : rule.name.test(name)));
  const tooLarge = () => new ApiError('PayloadTooLarge', `The upload is larger than ${Math.floor(maxBytes / MB)} MB`);
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
      throw new ApiError('UnsupportedMediaType', 'Send the document as multipart/form-data');
    }
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > maxBytes) throw tooLarge();
    const body = c.req.raw.body;
    if (!body) throw malformed();
    const { fields, uploads } = await readForm(type, body, { maxBytes, ruleOf, tooLarge });
    c.req.addValidatedData('json', check(struct, fields));
    c.set('uploads', uploads);
    await next();
  };
}

function readForm(
  contentType: string,
  body: ReadableStream<Uint8Array>,
  limits: {
    maxBytes: number;
    ruleOf: (name: string) => MultipartFileRule | undefined;
    tooLarge: () => ApiError;
  },
): Promise<{ fields: Record<string, string>; uploads: Map<string, File[]> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const uploads = new Map<string, File[]>();
    const source = Readable.fromWeb(body as NodeWebStream<Uint8Array>);
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: FORM_LIMITS, defParamCharset: 'utf8' });
    } catch {
      reject(malformed());
      return;
    }
    let failed = false;
    let received = 0;
    /** Stop reading at the first broken rule: the rest of the body is never read. */
    const fail = (error: ApiError) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      source.destroy();
      reject(error);
    };
    source.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) fail(limits.tooLarge());
    });
    source.on('error', () => fail(malformed()));
    parser.on('field', (name, value, info) => {
      if (limits.ruleOf(name)) return fail(new ApiError('ValidationFailed', `The ${name} field must be a file`, name));
      if (name in fields) return fail(new ApiError('ValidationFailed', `The ${name} field is given twice`, name));
      if (info.valueTruncated) return fail(new ApiError('ValidationFailed', `The ${name} field is too long`, name));
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const rule = limits.ruleOf(name);
      const given = uploads.get(name) ?? [];
      if (!rule) fail(new ApiError('ValidationFailed', `The ${name} field is not allowed`, name));
      else if (given.length >= rule.maxCount) {
        fail(new ApiError('ValidationFailed', `Upload at most ${rule.maxCount} files`, name));
      }
      if (failed || !rule) {
        stream.resume();
        return;
      }
      uploads.set(name, given);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > rule.maxBytes) {
          fail(new ApiError('PayloadTooLarge', `Each file must be at most ${inMb(rule.maxBytes)} MB`, name));
        } else chunks.push(chunk);
      });
      stream.on('end', () => {
        if (!failed) given.push(new File(chunks, info.filename || name, { type: info.mimeType }));
      });
    });
    parser.on('partsLimit', () => fail(malformed()));
    parser.on('fieldsLimit', () => fail(malformed()));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (!failed) resolve({ fields, uploads });
    });
    source.pipe(parser);
  });
}
