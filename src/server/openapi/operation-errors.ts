import type { Endpoint } from '../../domain/contract/endpoint.ts';
import { ERROR_CATALOGUE, type ErrorType } from '../../domain/errors.ts';
import { OWN_ERROR_TYPES } from './own-error-types.ts';

/** Any call may answer these: the server's own limits and failures, before or after its handler. */
const ANY_CALL: readonly ErrorType[] = [
  'RateLimited',
  'RequestTimeout',
  'HeadersTooLarge',
  'OpsSomethingWentWrong',
  'ServiceUnavailable',
];

/** What an entry's shape implies: a body or query is checked, a session or bearer required, a path parameter found. */
function impliedBy(entry: Endpoint): ErrorType[] {
  return [
    ...(entry.body || entry.query || entry.idempotent ? (['ValidationFailed'] as const) : []),
    ...(entry.body ? (['PayloadTooLarge', 'UnsupportedMediaType'] as const) : []),
    ...(entry.auth === 'session' ? (['Unauthorized', 'DisabledCustomer'] as const) : []),
    ...(entry.auth === 'registration' ? (['Unauthorized', 'AccessDenied'] as const) : []),
    ...(entry.params ? (['NotFound'] as const) : []),
    ...(entry.idempotent ? (['IdempotencyKeyReused'] as const) : []),
  ];
}

/**
 * The error types a call can answer (SPEC §8), by status: what any call and the entry's shape imply, and the
 * call's own (`own-error-types.ts`, written from the API tests by `npm run api:errors`; the tests' description
 * check fails a test that meets a type its call does not list, so the list only grows with the code).
 */
export function errorTypesOf(operationId: string, entry: Endpoint): Map<number, ErrorType[]> {
  const types = new Set<ErrorType>([...sharedErrorTypes(entry), ...(OWN_ERROR_TYPES[operationId] ?? [])]);
  const byStatus = new Map<number, ErrorType[]>();
  for (const type of [...types].sort()) {
    const status = ERROR_CATALOGUE[type];
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** The types `errorTypesOf` would list without the call's own: what `npm run api:errors` leaves out of its file. */
export function sharedErrorTypes(entry: Endpoint): Set<ErrorType> {
  return new Set([...ANY_CALL, ...impliedBy(entry)]);
}
