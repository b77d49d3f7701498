import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import type { SourceCountryView } from '../../../domain/contract/locator.ts';
import { type OAuthLinks, oauthApi } from '../../../domain/contract/oauth.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ApiFailure } from '../api/api-failure.ts';
import { call } from '../api/client.ts';
import { CaptchaCheck } from '../captcha/captcha-check.tsx';
import { scoreCaptcha } from '../captcha/captcha-token.ts';
import { holdOAuthToken } from './oauth-access.ts';
import { linked } from './oauth-links.ts';

/** A guest session of the OAuth-style API: its bearer, and the calls its last answer links to. */
interface Guest {
  token: string;
  links: OAuthLinks;
  oauthUrl: string;
}

/** The registration calls the captcha gate stands before. */
export type RegistrationCall = 'email/send' | 'otp/send' | 'bankid/init';

/** Where a registration call goes past the gate: the address a passed guest's answer links to, with its bearer. */
export interface GuestRoute {
  href: string;
  guestToken: string;
}

type CaptchaProblem = 'asked' | 'invalid';

const failedAs = (error: unknown, type: string) => error instanceof ApiFailure && error.type === type;

/**
 * A guest session started for `country` and its invisible check: passed
 * when the provider scored the customer a person, else the "I'm not a
 * robot" check is left to tick. Each step is the call the answer before
 * links to.
 */
async function startGuest(country: SourceCountryView): Promise<{ passed: boolean; guest: Guest }> {
  const oauthUrl = country.oauth_url;
  const started = await call(oauthApi.startGuest, { baseUrl: oauthUrl, body: { country: country.iso2 } });
  const guest = { token: started.guest_token, links: started._links, oauthUrl };
  if (!started._links['gcaptcha/v3']) return { passed: false, guest };
  const scored = await call(oauthApi.scoreCaptcha, {
    href: linked(started._links, 'gcaptcha/v3', oauthUrl),
    registrationToken: guest.token,
    body: { token: await scoreCaptcha() },
  });
  return { passed: scored.passed, guest: { ...guest, links: scored._links } };
}

/**
 * The captcha of registration: a form sends its registration call through
 * `register`, without a token at first. When the API answers 403
 * CaptchaRequired (this address has had its captcha-free registrations),
 * `register` starts a guest session and its invisible check and, when the
 * customer passes, sends the call again with the guest's bearer: all the
 * customer sees is a short wait. When the check scores too low, `register`
 * resolves null and `view` shows "I'm not a robot"; once it is ticked, the
 * next `register` sends its token and then the call. A passed guest is kept
 * for the form's later calls (it lets a few through), in memory only.
 */
export function useRegistrationCaptcha(id: string, onFailure: (error: unknown) => void) {
  const [passed, setPassed] = useState<Guest | null>(null);
  const [challenge, setChallenge] = useState<Guest | null>(null);
  const [ticked, setTicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<CaptchaProblem | null>(null);

  // a guest token the OAuth-style API denies is forgotten (SPEC §8)
  useEffect(
    () =>
      holdOAuthToken(() => {
        setPassed(null);
        setChallenge(null);
      }),
    [],
  );

  const routeOf = (guest: Guest, relation: RegistrationCall): GuestRoute => ({
    href: linked(guest.links, relation, guest.oauthUrl),
    guestToken: guest.token,
  });

  /** The ticked check's token for the challenged guest: the guest once it passed, 'again' when the box must be ticked again, null when the guest has ended. */
  async function passChallenge(guest: Guest, token: string): Promise<Guest | 'again' | null> {
    try {
      const checked = await call(oauthApi.checkCaptcha, {
        href: linked(guest.links, 'gcaptcha/v2', guest.oauthUrl),
        registrationToken: guest.token,
        body: { token },
      });
      return { ...guest, links: checked._links };
    } catch (error) {
      if (failedAs(error, 'CaptchaInvalid')) return 'again';
      // the guest session is over (unknown, or its time ran out): a new one is started
      if (failedAs(error, 'Unauthorized') || failedAs(error, 'AppCheckExpiredToken')) return null;
      throw error;
    }
  }

  async function register<T>(
    country: SourceCountryView,
    relation: RegistrationCall,
    send: (route: GuestRoute | null) => Promise<T>,
  ): Promise<T | null> {
    setProblem(null);
    let guest = passed;
    if (challenge) {
      if (ticked === null) {
        setProblem('asked');
        return null;
      }
      // a token is good for one call
      setTicked(null);
      const outcome = await passChallenge(challenge, ticked);
      if (outcome === 'again') {
        setProblem('invalid');
        return null;
      }
      setChallenge(null);
      setPassed(outcome);
      guest = outcome;
    }
    try {
      return await send(guest && routeOf(guest, relation));
    } catch (error) {
      if (!failedAs(error, 'CaptchaRequired') && !failedAs(error, 'AppCheckExpiredToken')) throw error;
    }
    // past the captcha-free registrations of this address, past what the guest lets through, or past its time
    setPassed(null);
    const next = await startGuest(country);
    if (!next.passed) {
      setChallenge(next.guest);
      setProblem('asked');
      return null;
    }
    setPassed(next.guest);
    return send(routeOf(next.guest, relation));
  }

  const view: ReactNode = (
    <>
      {problem ? (
        <InlineMessage tone="error">
          <p>
            {problem === 'asked' ? (
              <Trans>Confirm that you're not a robot, then continue.</Trans>
            ) : (
              <Trans>The robot check did not pass. Tick the box again, then continue.</Trans>
            )}
          </p>
        </InlineMessage>
      ) : null}
      {challenge ? <CaptchaCheck id={id} token={ticked} onToken={setTicked} onFailure={onFailure} /> : null}
    </>
  );

  return { register, view };
}
