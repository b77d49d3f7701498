import { LOCALES } from '../../locales.ts';
import { endpoint } from '../endpoint.ts';
import { AgentCode, Email, PersonName, WorldCountryCode } from '../fields.ts';
import { UsaStateView } from '../locator.ts';
import { array, enums, type Infer, nullable, object, optional, string } from '../structs.ts';

/**
 * What the way in looks up before there is an account (no session): the
 * country to start in, the agent of a sign-up link, the states of the USA,
 * and launch news for a country Sarraf does not serve yet.
 */

/**
 * `GET /user/detect-country` → `data`: from the edge's country header, else
 * the Accept-Language region, else "GB". No session needed.
 */
export const DetectedCountry = object({
  country_code: string(),
  /** ISO 3166-2 subdivision part (e.g. "CA" for California) when the edge sends one */
  region_code: nullable(string()),
});
export type DetectedCountry = Infer<typeof DetectedCountry>;

/**
 * `POST /user/launch-interest` (no session) → 202 `data: LaunchInterestSaved`:
 * someone in a country Sarraf does not serve yet (/area-not-available) asks
 * to hear when it launches there. A confirmation is e-mailed; asking again
 * for the same e-mail and country updates the request. Errors: 400
 * ValidationFailed naming the field; 400 InvalidCountry on "country" for a
 * country Sarraf serves already (register instead); 429 EmailSendDDOS (too
 * many for this e-mail, property_path "email") or EmailDDOS (the caller's
 * address), with Retry-After.
 */
export const LaunchInterestRequest = object({
  country: WorldCountryCode,
  full_name: optional(PersonName),
  email: Email,
  /** language of the confirmation and of the launch news; en-GB when absent */
  locale: optional(enums(LOCALES)),
});
export type LaunchInterestRequest = Infer<typeof LaunchInterestRequest>;

export const LaunchInterestSaved = object({ country: string(), email: string() });
export type LaunchInterestSaved = Infer<typeof LaunchInterestSaved>;

/** `GET /user/usa-states` → `data`. No session needed. */
export const UsaStateList = array(UsaStateView);
export type UsaStateList = Infer<typeof UsaStateList>;

/**
 * `GET /user/agents/:code` (no session) → `data: AgentView`: the agent of a
 * sign-up link (/sign-up?params=<code>), so the screen can name them before
 * registering. Unknown or inactive → 404 NotFound.
 */
export const AgentView = object({ code: string(), name: string() });
export type AgentView = Infer<typeof AgentView>;

/** The public calls of sign-up. */
export const signUpCalls = {
  detectCountry: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/detect-country',
    auth: 'none',
    response: DetectedCountry,
  }),
  registerLaunchInterest: endpoint({
    method: 'POST',
    base: 'main',
    path: '/user/launch-interest',
    auth: 'none',
    body: LaunchInterestRequest,
    response: LaunchInterestSaved,
    status: 202,
  }),
  getAgent: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/agents/:code',
    auth: 'none',
    params: object({ code: AgentCode }),
    response: AgentView,
  }),
  listUsaStates: endpoint({
    method: 'GET',
    base: 'main',
    path: '/user/usa-states',
    auth: 'none',
    response: UsaStateList,
    offline: 'last-known',
  }),
} as const;
