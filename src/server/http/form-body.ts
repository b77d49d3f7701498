import type { HonoRequest } from 'hono';
import { ApiError } from './api-error.ts';

type Form = Awaited<ReturnType<HonoRequest['parseBody']>>;

/**
 * The form a browser posted (urlencoded or multipart). One that cannot be
 * read, a multipart body without its parts say, is the caller's mistake: a
 * 400 in the envelope, not the 500 of the parser's exception.
 */
export async function readForm(
  req: HonoRequest,
  refusal = 'The request body is not a well-formed form',
): Promise<Form> {
  try {
    return await req.parseBody();
  } catch {
    throw new ApiError('ValidationFailed', refusal);
  }
}
