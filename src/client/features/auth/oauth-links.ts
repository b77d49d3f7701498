import type { OAuthLinks, OAuthRelation } from '../../../domain/contract/oauth.ts';

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
