import type { LocatorUser } from '../../../domain/contract/locator.ts';
import { findSourceCountry } from '../../../domain/countries.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { type CountryHints, detectCountry } from '../../customers/detect-country.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { ApiBases } from './locator-views.ts';

/**
 * Where someone signs in, asked by e-mail with no session: the one API base
 * that serves every customer, and the brand of the caller's detected country
 * (what the app shows before sign-in). The e-mail is never looked up, so the
 * answer is the same, in body, status and work done, whether or not anyone
 * has it: the sign-in answer is what tells a customer's own brand. Each call
 * counts against the caller's address.
 */
export async function locateUser(
  { db, clock }: AppDeps,
  clientAddress: string,
  hints: CountryHints,
  bases: ApiBases,
): Promise<LocatorUser> {
  await takeHits(db, clock.now(), [[ABUSE_LIMITS.locatorLookupsPerAddress, clientAddress]]);
  const country = findSourceCountry(detectCountry(hints).country_code);
  return { middleware_url: bases.main, project_name: country?.project ?? 'sarraf' };
}
