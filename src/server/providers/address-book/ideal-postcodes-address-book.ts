import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../http/logger.ts';
import type { IdealPostcodesSettings } from '../provider-settings.ts';
import type { AddressBook, AddressBookEntry, AddressBookSuggestion } from './address-book.ts';
import { provincesOf } from './provinces.ts';

/**
 * UK addresses through ideal-postcodes' address autocomplete
 * (https://docs.ideal-postcodes.co.uk/docs/api/autocomplete-addresses): a
 * search is `GET /autocomplete/addresses` limited to Great Britain, a pick is
 * `GET /autocomplete/addresses/{id}/gbr`, both with our API key. It knows
 * British addresses only: elsewhere a search finds nothing and the browser
 * offers the form (`client-providers` names the countries with a search).
 * The provider unreachable, refusing our key, out of lookups or rate-limiting
 * us is 503 ServiceUnavailable in SPEC §8's envelope: the customer can still
 * type the address.
 */

/** The one country the adapter searches in (ISO alpha-2), and its name in ideal-postcodes' `context`. */
export const IDEAL_POSTCODES_COUNTRY = 'GB';
const CONTEXT = 'gbr';

/** An ideal-postcodes address id (`paf_8387729`): nothing else is sent on in a path. */
const ADDRESS_ID = /^[A-Za-z0-9_-]{1,64}$/;

const TIMEOUT_MS = 5_000;

const unavailable = () =>
  new ApiError('ServiceUnavailable', 'Address search is not available right now. Enter your address yourself.');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The suggestions of `GET /autocomplete/addresses` (its `AutocompleteResponse`). */
function suggestionsOf(answer: unknown): AddressBookSuggestion[] {
  const hits = isRecord(answer) && isRecord(answer.result) ? answer.result.hits : undefined;
  if (!Array.isArray(hits)) throw new Error('ideal-postcodes answered a search without result.hits');
  return hits.flatMap((hit) =>
    isRecord(hit) && typeof hit.id === 'string' && ADDRESS_ID.test(hit.id) && text(hit.suggestion)
      ? [{ id: hit.id, text: text(hit.suggestion) }]
      : [],
  );
}

/** The address of `GET /autocomplete/addresses/{id}/gbr` (its `GbrResolveAddressResponse`), when it is in Great Britain. */
function entryOf(answer: unknown): AddressBookEntry | undefined {
  const result = isRecord(answer) ? answer.result : undefined;
  if (!isRecord(result)) throw new Error('ideal-postcodes answered a resolve without result');
  if (result.country_iso_2 !== IDEAL_POSTCODES_COUNTRY) return undefined;
  const street = [result.line_1, result.line_2, result.line_3].map(text).filter(Boolean).join(', ');
  const city = text(result.post_town);
  const postcode = text(result.postcode);
  if (!street || !city || !postcode)
    throw new Error('ideal-postcodes answered an address without lines, town or postcode');
  return { street, city, postcode, province: null };
}

export function idealPostcodesAddressBook(
  settings: IdealPostcodesSettings,
  logger: Pick<Logger, 'warn'>,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): AddressBook {
  /** The answer of a GET, or undefined for a 404 (an id it does not know); any other failure is an outage. */
  const get = async (path: string, query: Record<string, string>): Promise<unknown> => {
    const url = `${settings.apiBase}${path}?${new URLSearchParams({ api_key: settings.apiKey, ...query })}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      logger.warn({ err: error }, 'ideal-postcodes could not be reached');
      throw unavailable();
    }
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (response.status !== 200) {
      // its error body names the cause (4010 key refused, 4020 no lookups left, 4290 too many requests)
      const body: unknown = await response.json().catch(() => undefined);
      const code = isRecord(body) ? body.code : undefined;
      logger.warn({ status: response.status, code }, 'ideal-postcodes refused a lookup');
      throw unavailable();
    }
    return response.json();
  };

  return {
    async search(country, query, limit) {
      if (country !== IDEAL_POSTCODES_COUNTRY) return [];
      const answer = await get('/autocomplete/addresses', { query, limit: String(limit), context: CONTEXT });
      return answer === undefined ? [] : suggestionsOf(answer).slice(0, limit);
    },
    async details(country, id) {
      if (country !== IDEAL_POSTCODES_COUNTRY || !ADDRESS_ID.test(id)) return undefined;
      const answer = await get(`/autocomplete/addresses/${encodeURIComponent(id)}/${CONTEXT}`, {});
      return answer === undefined ? undefined : entryOf(answer);
    },
    async provinces(country) {
      return provincesOf(country);
    },
  };
}
