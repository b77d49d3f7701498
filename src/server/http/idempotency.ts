import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../domain/contract/endpoint.ts';
import { ApiError } from './api-error.ts';

/**
 * Idempotency of the calls that move money (DESIGN §3). The mount reads the
 * caller's key and fingerprints the checked request; a service stores both
 * on the row the request creates, in the same database transaction, and
 * answers through `oncePerKey`: the same key with the same request gets the
 * first result, with another request 422 IdempotencyKeyReused, and of two
 * racing requests with one key exactly one creates (the row's unique key
 * decides) while the other answers with the winner's result.
 */
export interface Idempotency {
  key: string;
  /** SHA-256 of the method, path and checked body, as canonical JSON */
  requestHash: string;
}

/** The header's key, or a 400 naming the header. */
export function readIdempotencyKey(c: Context): string {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined || key === '') {
    throw new ApiError('ValidationFailed', `The ${IDEMPOTENCY_HEADER} header is required`, IDEMPOTENCY_HEADER);
  }
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(
      'ValidationFailed',
      `The ${IDEMPOTENCY_HEADER} header must be 8 to 128 visible ASCII characters`,
      IDEMPOTENCY_HEADER,
    );
  }
  return key;
}

/** JSON with object keys sorted, so equal requests hash alike whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return typeof value === 'bigint' ? JSON.stringify(value.toString()) : JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(canonical([method, path, body]))
    .digest('hex');
}

interface KeyedRow {
  request_hash: string | null;
}

/**
 * Create once per key. `find` reads the row a key made; `create` inserts it
 * with `on conflict do nothing` on the key and answers undefined when a racing
 * request holds the key. Returns the row and whether this call created it.
 *
 * A refusal from `create` is looked at once more: a racing request with the
 * same key may have created its row, and changed what `create` checks (a
 * transfer it paid no longer awaits payment), after this call's first look.
 * Then the retry answers with the first request's row, never the refusal.
 * `firstLook` is the first `find`'s answer, when the caller has read it
 * already (beside another read, to save a round trip).
 */
export async function oncePerKey<Row extends KeyedRow>(
  idempotency: Idempotency,
  find: () => Promise<Row | undefined>,
  create: () => Promise<Row | undefined>,
  firstLook?: { found: Row | undefined },
): Promise<{ row: Row; created: boolean }> {
  const earlier = firstLook ? firstLook.found : await find();
  if (earlier) return { row: sameRequest(earlier, idempotency), created: false };
  const row = await create().catch(async (refusal: unknown) => {
    const winner = await find();
    if (winner) return undefined;
    throw refusal;
  });
  if (row) return { row, created: true };
  const winner = await find();
  if (!winner) throw new Error(`idempotency key ${idempotency.key} was neither created nor found`);
  return { row: sameRequest(winner, idempotency), created: false };
}

function sameRequest<Row extends KeyedRow>(row: Row, idempotency: Idempotency): Row {
  if (row.request_hash !== idempotency.requestHash) {
    throw new ApiError('IdempotencyKeyReused', `This ${IDEMPOTENCY_HEADER} was already used for a different request.`);
  }
  return row;
}
