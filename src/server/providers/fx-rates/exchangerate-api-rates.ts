import { parseDecimal, type ScaledDecimal } from '../../../domain/decimal.ts';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../http/logger.ts';
import type { ExchangeRateApiSettings } from '../provider-settings.ts';
import type { FxRateProvider, MidRate } from './fx-rate-provider.ts';
import { crossRate } from './sandbox-fx-rates.ts';

/** The one base we ask for: every pair is a cross rate of two US dollar rates, as the sandbox table is. */
const BASE = 'USD';
/** Cross rates are truncated to this many decimals, as the sandbox feed's are. */
const RATE_DECIMALS = 8;

interface RateSet {
  perBase: ReadonlyMap<string, ScaledDecimal>;
  /** when the feed generated them (its `time_last_updated`) */
  asOf: Date;
  /** when we fetched them */
  fetchedAt: number;
}

/** A JSON number as an exact decimal string (no exponent), or undefined when it is no positive rate. */
function decimalOf(value: unknown): ScaledDecimal | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  const text = /e/i.test(String(value)) ? value.toFixed(12) : String(value);
  const decimal = parseDecimal(text);
  return decimal.units > 0n ? decimal : undefined;
}

/** The feed's answer (`GET /latest/{base}`, exchangerate-api.com's v4 description) read into a rate set. */
function rateSetFrom(answer: unknown, fetchedAt: number): RateSet {
  const { base, rates, time_last_updated } = (answer ?? {}) as Record<string, unknown>;
  if (base !== BASE) throw new Error(`the FX feed answered base ${String(base)}, not ${BASE}`);
  if (typeof time_last_updated !== 'number' || !Number.isInteger(time_last_updated)) {
    throw new Error('the FX feed answered without time_last_updated');
  }
  if (typeof rates !== 'object' || rates === null) throw new Error('the FX feed answered without rates');
  const perBase = new Map<string, ScaledDecimal>();
  for (const [currency, value] of Object.entries(rates)) {
    const decimal = decimalOf(value);
    if (/^[A-Z]{3}$/.test(currency) && decimal) perBase.set(currency, decimal);
  }
  return { perBase, asOf: new Date(time_last_updated * 1000), fetchedAt };
}

export interface ExchangeRateApiRates extends FxRateProvider {
  /** fetch the rates now; the last good set stays when this fails */
  refresh(): Promise<void>;
}

/**
 * Mid-market rates from exchangerate-api.com (`GET {base}/latest/USD`), with
 * our margins on top as for every feed. The last good set is kept: a failed
 * fetch changes nothing. A set is fetched again once it is `refreshSeconds`
 * old (the first call after that waits only when no set is fresh enough;
 * otherwise it prices on the set it has while the next one comes). Rates the
 * feed generated more than `maxAgeSeconds` ago are never priced on: the
 * caller gets 503 RatesUnavailable, which the quote screen says as "rates
 * are being updated".
 */
export function exchangeRateApiRates(
  settings: ExchangeRateApiSettings,
  clock: Clock,
  logger: Pick<Logger, 'warn' | 'info'>,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): ExchangeRateApiRates {
  let current: RateSet | undefined;
  let inFlight: Promise<void> | undefined;

  const fetchSet = async (): Promise<void> => {
    const response = await fetchImpl(`${settings.apiBase}/latest/${BASE}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the FX feed answered ${response.status}`);
    }
    const set = rateSetFrom(await response.json(), clock.now().getTime());
    if (!current || set.asOf >= current.asOf) current = set;
    logger.info({ asOf: set.asOf.toISOString(), currencies: set.perBase.size }, 'FX rates fetched');
  };
  const refresh = (): Promise<void> => {
    inFlight ??= fetchSet().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  const isFresh = (set: RateSet | undefined): set is RateSet =>
    set !== undefined && clock.now().getTime() - set.asOf.getTime() <= settings.maxAgeSeconds * 1000;

  return {
    refresh,
    async midRate(from: string, to: string): Promise<MidRate> {
      const due = !current || clock.now().getTime() - current.fetchedAt >= settings.refreshSeconds * 1000;
      if (due) {
        const fetching = refresh().catch((error: unknown) => {
          logger.warn({ err: error }, 'FX rates could not be fetched: the last good set stays');
        });
        if (!isFresh(current)) await fetching;
      }
      if (!isFresh(current)) {
        throw new ApiError('RatesUnavailable', 'Rates are being updated. Please try again in a few minutes.');
      }
      const fromRate = current.perBase.get(from);
      const toRate = current.perBase.get(to);
      if (!fromRate || !toRate) throw new Error(`the FX feed has no rate for ${fromRate ? to : from}`);
      return { rate: crossRate(fromRate, toRate, RATE_DECIMALS), asOf: current.asOf };
    },
  };
}
