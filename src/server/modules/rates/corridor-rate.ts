import { customerRate } from '../../../domain/pricing.ts';
import type { FxRateProvider } from '../../providers/fx-rates/fx-rate-provider.ts';
import type { Corridor } from './corridors.ts';

export interface CorridorRate {
  /** the feed's mid-market rate */
  midRate: string;
  /** what the customer gets: mid less the corridor's margin, 6 decimals, truncated */
  rate: string;
}

/** Today's customer rate for a corridor, from the FX feed's mid rate. */
export async function corridorRate(fxRates: FxRateProvider, corridor: Corridor): Promise<CorridorRate> {
  const mid = await fxRates.midRate(corridor.sourceCurrency, corridor.destinationCurrency);
  return { midRate: mid.rate, rate: customerRate(mid.rate, corridor.marginBps) };
}
