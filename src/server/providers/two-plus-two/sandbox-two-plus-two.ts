import type { TwoPlusTwoProvider, TwoPlusTwoRefusal } from './two-plus-two-provider.ts';

/**
 * The sandbox decides by surname, in any letter case (README "Sandbox
 * documented values"); everyone else is confirmed on both counts.
 */
export const SANDBOX_TWO_PLUS_TWO_SURNAMES = {
  /** neither the identity nor the address is confirmed: ID and proof of address are asked for */
  nomatch: { identity: false, address: false },
  /** the identity is not confirmed: an ID document is asked for */
  noidentity: { identity: false, address: true },
  /** the address is not confirmed: proof of address is asked for */
  noaddress: { identity: true, address: false },
} as const;

/** Surnames the sandbox refuses to check (SPEC §8 refusals). */
export const SANDBOX_TWO_PLUS_TWO_REFUSALS: Readonly<Record<string, TwoPlusTwoRefusal>> = {
  /** the postcode is not one the provider knows: the customer corrects it */
  invalidpostcode: { refused: 'InvalidInformation', detail: 'postcode' },
  /** the provider will not check these details: documents are asked for */
  cantproceed: { refused: 'CantProceedWithProvidedDetails' },
};

export function sandboxTwoPlusTwo(): TwoPlusTwoProvider {
  return {
    async check({ lastName }) {
      const key = lastName.trim().toLowerCase();
      const refusal = SANDBOX_TWO_PLUS_TWO_REFUSALS[key];
      if (refusal) return refusal;
      return key in SANDBOX_TWO_PLUS_TWO_SURNAMES
        ? { ...SANDBOX_TWO_PLUS_TWO_SURNAMES[key as keyof typeof SANDBOX_TWO_PLUS_TWO_SURNAMES] }
        : { identity: true, address: true };
    },
  };
}
