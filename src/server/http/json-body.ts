import type { HonoRequest } from 'hono';
import { ApiError } from './api-error.ts';

/**
 * A request's JSON body, read strictly (SPEC §8): declared as JSON (415
 * otherwise), UTF-8 (the decoder would quietly turn bad bytes into U+FFFD),
 * well-formed, and with no key twice in one object (JSON.parse would keep the
 * last one without a word). No body and no Content-Type reads as `{}`, so
 * the contract decides whether the call needs one.
 */

/** application/json or a +json type, with no parameter but charset=utf-8. */
function isJsonMediaType(contentType: string): boolean {
  const [type = '', ...params] = contentType.split(';').map((part) => part.replace(/\s+/g, '').toLowerCase());
  return /^application\/(?:[\w.-]+\+)?json$/.test(type) && params.every((param) => /^charset="?utf-8"?$/.test(param));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The path of the first key a well-formed JSON text gives twice in one
 * object. Walks the text once, keeping for each open object its keys so far
 * and for each open array its current index.
 */
export function repeatedKey(text: string): string[] | undefined {
  const open: { keys: Set<string> | undefined; at: string | number }[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    const top = open.at(-1);
    if (char === '"') {
      let end = i + 1;
      while (text.charCodeAt(end) !== QUOTE) end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
      if (top?.keys && expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return [...open.slice(0, -1).map(({ at }) => String(at)), key];
        top.keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = end;
    } else if (char === '{') {
      open.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (char === '[') {
      open.push({ keys: undefined, at: 0 });
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',' && top) {
      if (top.keys) expectKey = true;
      else top.at = (top.at as number) + 1;
    }
  }
  return undefined;
}

export async function readJsonBody(req: HonoRequest): Promise<unknown> {
  const contentType = req.header('content-type');
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (contentType === undefined && bytes.length === 0) return {};
  if (contentType === undefined || !isJsonMediaType(contentType)) {
    throw new ApiError('UnsupportedMediaType', 'Send the request body as JSON (Content-Type: application/json)');
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new ApiError('ValidationFailed', 'The request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('ValidationFailed', 'The request body is not valid JSON');
  }
  const twice = repeatedKey(text);
  if (twice) {
    const field = twice.join('.');
    throw new ApiError('ValidationFailed', `The ${field} field is given more than once`, field);
  }
  return value;
}
