import type { EuroReferenceRates } from '../../../domain/disclosures.ts';
import type { ReferenceRateProvider } from './reference-rate-provider.ts';

/**
 * The sandbox's euro reference rates: one frozen day, units of each currency
 * one euro buys, the sandbox mid-market table (`SANDBOX_UNITS_PER_USD`)
 * seen from the euro to four or five significant digits, as the ECB quotes.
 * The real table has no rate for some payout currencies (KES, SOS, ETB,
 * UGX, NGN, PKR, BDT); the sandbox lists them so every corridor can show its
 * charge.
 */
export const SANDBOX_EURO_REFERENCE_RATES: EuroReferenceRates = {
  date: '2026-11-20',
  perEuro: {
    USD: '1.0870',
    GBP: '0.86957',
    SEK: '11.3043',
    NOK: '11.5217',
    DKK: '7.4565',
    CAD: '1.4783',
    CHF: '0.97826',
    PLN: '4.3261',
    KES: '140.76',
    INR: '91.304',
    SOS: '620.65',
    ETB: '135.87',
    UGX: '4021.7',
    NGN: '1739.1',
    PKR: '304.35',
    BDT: '130.43',
    PHP: '63.043',
  },
};

export function sandboxReferenceRates(): ReferenceRateProvider {
  return { latestEuroRates: async () => SANDBOX_EURO_REFERENCE_RATES };
}
