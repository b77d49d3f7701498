/**
 * Which regulatory notice the footer shows (SPEC §1): the UK e-money notice,
 * the EU/EEA one, Canada's, or the US one — with its own text for the six
 * states whose regulators ask for one, and a shared text for the others.
 */

/** The states with a notice of their own; every other state gets the shared US text. */
export const US_STATES_WITH_NOTICE = ['IA', 'MN', 'NE', 'ND', 'SD', 'WI'] as const;
export type UsStateWithNotice = (typeof US_STATES_WITH_NOTICE)[number];

export type LegalNotice =
  | { region: 'uk' }
  | { region: 'eu' }
  | { region: 'ca' }
  | { region: 'us'; state: UsStateWithNotice | null }
  /** a country none of the entities names: both European notices, as the UK/EU brand's site shows */
  | { region: 'other' };

/** The European Economic Area: the EU's 27 and Iceland, Liechtenstein and Norway. */
const EEA = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

function stateWithNotice(state: string | null): UsStateWithNotice | null {
  const code = state?.toUpperCase();
  return US_STATES_WITH_NOTICE.find((candidate) => candidate === code) ?? null;
}

/**
 * The notice for a customer resident in `country` (ISO alpha-2, any case;
 * the detected country before sign-in, null when unknown) and, in the US,
 * `usaState` (USPS code, null when not known yet).
 */
export function legalNotice(country: string | null, usaState: string | null = null): LegalNotice {
  const code = country?.toUpperCase() ?? null;
  if (code === 'GB') return { region: 'uk' };
  if (code === 'CA') return { region: 'ca' };
  if (code === 'US') return { region: 'us', state: stateWithNotice(usaState) };
  if (code && EEA.has(code)) return { region: 'eu' };
  return { region: 'other' };
}
