import type { EuroReferenceRates } from '../../../domain/disclosures.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../http/logger.ts';
import type { EcbReferenceRatesSettings } from '../provider-settings.ts';
import { parseEcbDailyTable } from './ecb-daily-table.ts';
import type { ReferenceRateProvider } from './reference-rate-provider.ts';

/** How long one fetch of the table may take. */
const TIMEOUT_MS = 10_000;

export interface EcbReferenceRates extends ReferenceRateProvider {
  /** fetch the table now; the last good one stays when this fails */
  refresh(): Promise<void>;
}

/**
 * REFERENCE_RATES=ecb: the European Central Bank's daily euro reference
 * rates (`eurofxref-daily.xml`), kept in memory. The table is fetched at the
 * first need and again once `refreshSeconds` old; while a later one is
 * fetched, the one there is answers. A failed fetch or a table that does not
 * read (`ecb-daily-table.ts`) changes nothing: the last good table stays,
 * and an older day never replaces a newer one. With no table at all yet,
 * the caller gets 503 ServiceUnavailable rather than a charge measured
 * against nothing.
 */
export function ecbReferenceRates(
  settings: EcbReferenceRatesSettings,
  clock: Clock,
  logger: Pick<Logger, 'warn' | 'info'>,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): EcbReferenceRates {
  let current: EuroReferenceRates | undefined;
  let fetchedAt = 0;
  let inFlight: Promise<void> | undefined;

  const fetchTable = async (): Promise<void> => {
    const response = await fetchImpl(settings.url, {
      headers: { accept: 'application/xml, text/xml' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the ECB's reference rates answered ${response.status}`);
    }
    const table = parseEcbDailyTable(await response.text());
    fetchedAt = clock.now().getTime();
    if (!current || table.date >= current.date) current = table;
    logger.info({ date: table.date, currencies: Object.keys(table.perEuro).length }, 'ECB reference rates fetched');
  };
  const refresh = (): Promise<void> => {
    inFlight ??= fetchTable().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  return {
    refresh,
    async latestEuroRates() {
      if (!current || clock.now().getTime() - fetchedAt >= settings.refreshSeconds * 1000) {
        const fetching = refresh().catch((error: unknown) => {
          logger.warn({ err: error }, 'ECB reference rates could not be fetched: the last good table stays');
        });
        if (!current) await fetching;
      }
      if (!current) {
        throw new ApiError(
          'ServiceUnavailable',
          'The reference rates are being updated. Please try again in a few minutes.',
        );
      }
      return current;
    },
  };
}
