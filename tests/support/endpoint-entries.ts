import type { Endpoint } from '../../src/domain/contract/endpoint.ts';
import { API_AREAS } from '../../src/domain/contract/endpoints.ts';

/** Every entry of every endpoint table, named `area.call`. */
export const ENDPOINT_ENTRIES: [string, Endpoint][] = Object.entries(API_AREAS).flatMap(([area, table]) =>
  Object.entries(table as Record<string, Endpoint>).map(
    ([name, entry]) => [`${area}.${name}`, entry] as [string, Endpoint],
  ),
);
