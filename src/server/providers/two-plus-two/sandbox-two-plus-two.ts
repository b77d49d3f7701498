import type { TwoPlusTwoProvider } from './two-plus-two-provider.ts';

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

export function sandboxTwoPlusTwo(): TwoPlusTwoProvider {
  return {
    async check({ lastName }) {
      const key = lastName.trim().toLowerCase();
      return key in SANDBOX_TWO_PLUS_TWO_SURNAMES
        ? { ...SANDBOX_TWO_PLUS_TWO_SURNAMES[key as keyof typeof SANDBOX_TWO_PLUS_TWO_SURNAMES] }
        : { identity: true, address: true };
    },
  };
}
