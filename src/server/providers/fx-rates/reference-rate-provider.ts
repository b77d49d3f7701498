import type { EuroReferenceRates } from '../../../domain/disclosures.ts';

/**
 * The euro foreign-exchange reference rates (the European Central Bank's
 * daily table): what EU/EEA senders' conversion charge is measured against
 * (Regulation (EU) 2019/518). Answers the latest day it has.
 */
export interface ReferenceRateProvider {
  latestEuroRates(): Promise<EuroReferenceRates>;
}
