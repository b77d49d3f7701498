import { type OAuthLinks, type OAuthRelation, oauthApi } from '../../../domain/contract/oauth.ts';
import type { SignedIn } from '../../../domain/contract/user.ts';
import { call } from '../api/client.ts';

/** The screen that makes each call an OAuth answer may link to next. */
const SCREEN_OF = {
  'email/check': '/email-verification',
  'otp/check': '/phone-verification',
  'bankid/check': '/nets-success',
} as const satisfies Partial<Record<OAuthRelation, string>>;

export type OAuthScreen = (typeof SCREEN_OF)[keyof typeof SCREEN_OF];

const isScreenRelation = (relation: string): relation is keyof typeof SCREEN_OF => relation in SCREEN_OF;

/**
 * The screen an OAuth answer sends the customer to: the one of the first
 * link whose call a screen makes (a `reset` link is an action on that
 * screen, not a step). An answer that links to no screen is a broken
 * server, so it throws.
 */
export function nextScreen(links: OAuthLinks): OAuthScreen {
  const relation = Object.keys(links).find(isScreenRelation);
  if (!relation) throw new Error(`The OAuth answer links to no next step: ${Object.keys(links).join(', ') || 'none'}`);
  return SCREEN_OF[relation];
}

/** The calls of a registration code: check it, send a new one (reset), or end the registration (flush), by the relation that links to them. */
const CODE_CALLS = {
  'email/check': { action: 'check', entry: oauthApi.checkEmailCode },
  'otp/check': { action: 'check', entry: oauthApi.checkPhoneCode },
  'email/reset': { action: 'reset', entry: oauthApi.resendEmailCode },
  'otp/reset': { action: 'reset', entry: oauthApi.resendPhoneCode },
  flush: { action: 'flush', entry: oauthApi.flush },
} as const satisfies Partial<Record<OAuthRelation, unknown>>;

type CodeCalls = typeof CODE_CALLS;
type CodeRelation = keyof CodeCalls;
type CodeAction = CodeCalls[CodeRelation]['action'];
type CallOf<A extends CodeAction> = Extract<CodeCalls[CodeRelation], { action: A }>['entry'];

/**
 * The code call `action` of the last answer's links, with the address the
 * link gives on the server that gave it (`oauthUrl`, the country's OAuth-style
 * API); none when the answer links to no such call (no `reset` once a
 * registration has had all its codes).
 */
export function linkedCodeCall<A extends CodeAction>(
  links: OAuthLinks,
  action: A,
  oauthUrl: string,
): { entry: CallOf<A>; href: string } | null {
  for (const [relation, link] of Object.entries(links)) {
    const known = CODE_CALLS[relation as CodeRelation];
    if (link && known?.action === action)
      return { entry: known.entry as CallOf<A>, href: onServer(link.href, oauthUrl) };
  }
  return null;
}

/** A link's address on the server that gave it (`oauthUrl`, the country's OAuth-style API). */
const onServer = (href: string, oauthUrl: string) => new URL(href, new URL(oauthUrl, location.origin)).href;

/** The address of the call an answer links to as `relation`; a broken server when it does not. */
export function linked(links: OAuthLinks, relation: OAuthRelation, oauthUrl: string): string {
  const link = links[relation];
  if (!link) throw new Error(`The OAuth answer links to no ${relation}: ${Object.keys(links).join(', ') || 'none'}`);
  return onServer(link.href, oauthUrl);
}

/**
 * A verified registration finished by the calls its answers link to (SPEC
 * §7): `commit` creates the customer and hands them over as a signed token,
 * `jwt2auth` exchanges it for a session.
 */
export async function finishRegistration(
  verifiedLinks: OAuthLinks,
  registrationToken: string,
  oauthUrl: string,
): Promise<SignedIn> {
  const committed = await call(oauthApi.commitRegistration, {
    href: linked(verifiedLinks, 'commit', oauthUrl),
    registrationToken,
  });
  return call(oauthApi.jwtToAuth, {
    href: linked(committed._links, 'jwt2auth', oauthUrl),
    body: { jwt: committed.jwt },
  });
}
