import type { DetectedCountry } from '../../domain/contract/user.ts';
import { DEFAULT_SOURCE_COUNTRY } from '../../domain/countries.ts';

export interface CountryHints {
  /** the edge's country of the client address (`cf-ipcountry`) */
  edgeCountry?: string | undefined;
  /** the edge's subdivision of the client address (`cf-region-code`) */
  edgeRegion?: string | undefined;
  acceptLanguage?: string | undefined;
}

const ISO2 = /^[A-Z]{2}$/;
/** `XX`: unknown; `T1`: Tor exit node (not a country) */
const NOT_A_COUNTRY = new Set(['XX', 'T1']);
const REGION = /^[A-Z0-9]{1,3}$/;

function edgeCountry(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && ISO2.test(code) && !NOT_A_COUNTRY.has(code) ? code : undefined;
}

/**
 * The first region subtag among the user's languages, best quality first:
 * "sv-SE,en;q=0.8" → SE; "zh-Hant-TW" → TW. Numeric regions (es-419) are not countries.
 */
export function regionFromAcceptLanguage(header: string): string | undefined {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const region = tag
      .split('-')
      .slice(1)
      .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** Where the visitor probably lives: the edge's answer, else their language's region, else the UK. */
export function detectCountry(hints: CountryHints): DetectedCountry {
  const fromEdge = edgeCountry(hints.edgeCountry);
  const region = hints.edgeRegion?.trim().toUpperCase();
  if (fromEdge) return { country_code: fromEdge, region_code: region && REGION.test(region) ? region : null };
  const fromLanguage = hints.acceptLanguage ? regionFromAcceptLanguage(hints.acceptLanguage) : undefined;
  return { country_code: fromLanguage ?? DEFAULT_SOURCE_COUNTRY, region_code: null };
}
