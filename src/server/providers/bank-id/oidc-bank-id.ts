import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { BANK_ID_SESSION_LIFETIME_MINUTES } from '../../../domain/contract/oauth.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Logger } from '../../http/logger.ts';
import type { BankIdOidcSettings } from '../provider-settings.ts';
import type { BankIdProvider, BankIdResult } from './bank-id-provider.ts';

/** `path` with `params` added to its query (a same-origin path the order was started with). */
function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'https://sarraf.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

const unknownState = () =>
  new ApiError('ValidationFailed', 'This bank-ID identification is unknown or has already ended', 'state');

/** Past a bank-ID session's lifetime, an order is no use to anyone. */
const ORDER_KEPT_MS = 2 * BANK_ID_SESSION_LIFETIME_MINUTES * 60_000;

const BIRTH_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PERSONAL_NUMBER = /^[0-9]{6,12}$/;

/** The person the ID token names, by the configured claims; undefined when a required one is missing or malformed. */
function personFrom(claims: Record<string, unknown>, names: BankIdOidcSettings['claims']) {
  const text = (name: string) => (typeof claims[name] === 'string' ? (claims[name] as string).trim() : '');
  const personalIdentityNumber = text(names.personalNumber).replace(/[-+\s]/g, '');
  const givenName = text(names.givenName);
  const surname = text(names.surname);
  const dateOfBirth = text(names.dateOfBirth);
  if (!PERSONAL_NUMBER.test(personalIdentityNumber) || !givenName || !surname) return undefined;
  return { personalIdentityNumber, givenName, surname, dateOfBirth: BIRTH_DATE.test(dateOfBirth) ? dateOfBirth : null };
}

/**
 * Bank ID through an OpenID Connect broker (`BANK_ID=oidc`), with
 * openid-client: the broker's configuration discovered at the first use, an
 * authorization code flow with PKCE, `state` and `nonce` (kept per order in
 * `oidc_bank_id_orders`, so any replica takes the callback), and the ID
 * token's signature (the broker's published keys), issuer, audience, expiry
 * and nonce checked before its claims are believed. The broker sends the
 * browser to our callback (`finish`), which exchanges the code and sends it
 * on to /nets-success or /nets-fail, as the sandbox's page does; `collect`
 * then reads what the order ended as.
 */
export function oidcBankId(
  settings: BankIdOidcSettings,
  db: Db,
  clock: Clock,
  logger: Pick<Logger, 'warn'>,
): BankIdProvider {
  let discovered: Promise<oidc.Configuration> | undefined;
  const insecure = settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {};
  const clientAuth = () => oidc.ClientSecretBasic(settings.clientSecret);
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, undefined, clientAuth(), insecure)
      .catch((error: unknown) => {
        discovered = undefined; // asked again at the next use
        throw error;
      });
    return discovered;
  }
  /**
   * A client whose "now" is the server's clock, so an ID token's expiry is judged by the time every other rule
   * uses, and which checks the ID token's signature. Made per callback over the discovered metadata (the broker's
   * keys are fetched with it).
   */
  async function clientNow(): Promise<oidc.Configuration> {
    const skew = Math.round((clock.now().getTime() - Date.now()) / 1000);
    const config = new oidc.Configuration(
      (await configuration()).serverMetadata(),
      settings.clientId,
      { [oidc.clockSkew]: skew },
      clientAuth(),
    );
    if (settings.issuer.startsWith('http://')) oidc.allowInsecureRequests(config);
    // an ID token from the token endpoint is otherwise trusted on TLS alone (OpenID Connect Core 3.1.3.7):
    // its signature is checked against the broker's published keys all the same
    oidc.enableNonRepudiationChecks(config);
    return config;
  }
  const acrValuesFor = (country: string) => settings.acrValues[country as keyof BankIdOidcSettings['acrValues']];
  const end = (orderRef: string, status: 'complete' | 'cancelled' | 'failed', person = {}) =>
    db
      .updateTable('oidc_bank_id_orders')
      .set({ status, ended_at: clock.now(), ...person })
      .where('order_ref', '=', orderRef)
      .execute();

  return {
    async start(order) {
      const config = await configuration();
      // an order's one-time values and the person it named are kept no longer than its bank-ID session can use them
      await db
        .deleteFrom('oidc_bank_id_orders')
        .where('created_at', '<', new Date(clock.now().getTime() - ORDER_KEPT_MS))
        .execute();
      const orderRef = randomUUID();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const acrValues = acrValuesFor(order.country);
      const redirectUrl = oidc.buildAuthorizationUrl(config, {
        ...(acrValues ? { acr_values: acrValues.join(' ') } : {}),
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      await db
        .insertInto('oidc_bank_id_orders')
        .values({
          order_ref: orderRef,
          state,
          nonce,
          code_verifier: codeVerifier,
          country: order.country,
          status: 'pending',
          success_url: order.successUrl,
          failure_url: order.failureUrl,
          created_at: clock.now(),
        })
        .execute();
      return { orderRef, redirectUrl: redirectUrl.href };
    },

    async collect(orderRef): Promise<BankIdResult> {
      const order = await db
        .selectFrom('oidc_bank_id_orders')
        .selectAll()
        .where('order_ref', '=', orderRef)
        .executeTakeFirst();
      if (!order) return { status: 'failed' };
      if (order.status !== 'complete') return { status: order.status };
      return {
        status: 'complete',
        personalIdentityNumber: order.personal_identity_number as string,
        country: order.country,
        person: {
          givenName: order.given_name as string,
          surname: order.surname as string,
          dateOfBirth: order.date_of_birth,
        },
      };
    },

    async finish(query) {
      const state = query.get('state');
      if (!state) throw unknownState();
      // the order is taken (as failed) by the first callback that brings its state: a replayed callback finds none
      const order = await db
        .updateTable('oidc_bank_id_orders')
        .set({ status: 'failed', ended_at: clock.now() })
        .where('state', '=', state)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!order) throw unknownState();
      const failed = (reason: 'cancelled' | 'failed') =>
        withQuery(order.failure_url, { order_ref: order.order_ref, reason });
      const error = query.get('error');
      if (error) {
        // access_denied is the customer cancelling at the broker (or their bank-ID app)
        if (error !== 'access_denied') return failed('failed');
        await end(order.order_ref, 'cancelled');
        return failed('cancelled');
      }
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          await clientNow(),
          new URL(`${settings.redirectUri}?${query}`),
          {
            pkceCodeVerifier: order.code_verifier,
            expectedState: state,
            expectedNonce: order.nonce,
            idTokenExpected: true,
          },
        );
        claims = tokens.claims() ?? {};
      } catch (cause) {
        logger.warn(
          { err: cause, orderRef: order.order_ref },
          'bank-ID broker: the code was not exchanged for a valid ID token',
        );
        return failed('failed');
      }
      const acrValues = acrValuesFor(order.country);
      if (acrValues && !acrValues.includes(claims.acr as string)) {
        logger.warn({ orderRef: order.order_ref, acr: claims.acr }, 'bank-ID broker: another means of identification');
        return failed('failed');
      }
      const person = personFrom(claims, settings.claims);
      if (!person) {
        logger.warn({ orderRef: order.order_ref }, 'bank-ID broker: the ID token lacks the configured claims');
        return failed('failed');
      }
      await end(order.order_ref, 'complete', {
        personal_identity_number: person.personalIdentityNumber,
        given_name: person.givenName,
        surname: person.surname,
        date_of_birth: person.dateOfBirth,
      });
      return withQuery(order.success_url, { order_ref: order.order_ref });
    },
  };
}
