import type { LegalNotice } from './legal-notice.ts';

/**
 * SPEC §1's two brands: Sarraf, of the UK, EU/EEA and Canadian companies (and
 * shown where none applies), and Sarraf US, of the US company. `project` is
 * the locator's `project_name` for the same split.
 */
export interface Brand {
  project: 'sarraf' | 'sarraf-us';
  /** the brand's name: a proper noun, never translated */
  name: string;
  /** its logo: the word beside the mark, and the region tag after it, if any (word and tag read as the name) */
  logo: { word: string; tag: string | null };
}

const SARRAF: Brand = { project: 'sarraf', name: 'Sarraf', logo: { word: 'Sarraf', tag: null } };
const SARRAF_US: Brand = { project: 'sarraf-us', name: 'Sarraf US', logo: { word: 'Sarraf', tag: 'US' } };

/** The brand of the region whose notice the customer sees (their country, or the detected one before sign-in). */
export function brandFor(region: LegalNotice['region']): Brand {
  return region === 'us' ? SARRAF_US : SARRAF;
}
