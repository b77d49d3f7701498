import { API_BASE_PATHS } from '../../../domain/contract/endpoint.ts';
import type { OAuthLinks, OAuthRelation } from '../../../domain/contract/oauth.ts';

/** The `_links` of an OAuth answer: each relation is the call of that SPEC §7 name, under the OAuth base. */
export function oauthLinks(...relations: readonly OAuthRelation[]): OAuthLinks {
  const links: OAuthLinks = {};
  for (const relation of relations) links[relation] = { href: `${API_BASE_PATHS.oauth}/${relation}`, method: 'POST' };
  return links;
}
