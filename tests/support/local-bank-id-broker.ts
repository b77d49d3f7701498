import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** Who the broker's bank ID identifies, as a Swedish broker names them in the ID token. */
export interface BrokerPerson {
  ssn: string;
  given_name: string;
  family_name: string;
  birthdate: string;
}

export const BROKER_CLIENT = { id: 'sarraf', secret: randomBytes(24).toString('base64url') };
/** The personal-number claim this broker uses (Criipto's name for it). */
export const BROKER_PERSONAL_NUMBER_CLAIM = 'ssn';
export const BROKER_SCOPE = 'openid profile ssn';
/** How this broker names each country's bank ID (as Criipto does). */
export const BROKER_ACR = { SE: 'urn:grn:authn:se:bankid', NO: 'urn:grn:authn:no:bankid' } as const;

export interface LocalBankIdBroker {
  issuer: string;
  /**
   * The customer at the broker: the browser follows the authorization URL through the broker's login
   * (identified as `as` by the bank ID the authorization asked for, or by `acr`; or cancelling) and back;
   * returns the URL the broker sends it to (our callback).
   */
  identify(authorizationUrl: string, as: BrokerPerson | 'cancel', acr?: string): Promise<URL>;
  /** From now on the ID tokens the broker answers have their payload changed after signing (a forged token). */
  forgeIdTokens(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, a certified implementation) configured like a bank-ID broker: one
 * confidential client, authorization code with PKCE required, the person's claims in the ID token, RS256 keys
 * of its own published at its JWKS. Its login page is answered by `identify` instead of a person.
 */
export async function startLocalBankIdBroker(redirectUri: string): Promise<LocalBankIdBroker> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const people = new Map<string, BrokerPerson>();
  const outcomes = new Map<string, { as: BrokerPerson | 'cancel'; acr: string | undefined }>();
  let forge = false;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: BROKER_CLIENT.id,
        client_secret: BROKER_CLIENT.secret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: {
      keys: [{ ...(privateKey.export({ format: 'jwk' }) as object), kid: 'broker-1', alg: 'RS256', use: 'sig' }],
    },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    acrValues: Object.values(BROKER_ACR),
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'birthdate'], ssn: ['ssn'] },
    // like a broker: the person's claims are in the ID token itself
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: async () => ({ sub, ...person }) } : undefined;
    },
    // the customer consents at their bank ID: no consent page of the broker's own
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '');
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client?.clientId,
        accountId: ctx.oidc.session?.accountId,
      });
      grant.addOIDCScope(BROKER_SCOPE);
      await grant.save();
      return grant;
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (forge && ctx.path === '/token' && body?.id_token) {
      const [header, payload, signature] = body.id_token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims.ssn = '194001010000';
      body.id_token = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    }
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    const outcome = outcomes.get(details.uid);
    if (outcome === undefined) {
      res.writeHead(400).end();
      return;
    }
    if (outcome.as === 'cancel') {
      await provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: 'The customer cancelled',
      });
      return;
    }
    const person = outcome.as;
    people.set(person.ssn, person);
    const acr = outcome.acr ?? (details.params.acr_values as string | undefined)?.split(' ')[0];
    await provider.interactionFinished(req, res, { login: { accountId: person.ssn, ...(acr ? { acr } : {}) } });
  });

  return {
    issuer,
    async identify(authorizationUrl, as, acr) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hops = 0; url.origin === issuer; hops += 1) {
        if (hops > 10) throw new Error('the broker kept redirecting');
        const uid = /^\/interaction\/([^/]+)$/.exec(url.pathname)?.[1];
        if (uid) outcomes.set(uid, { as, acr });
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the broker answered ${res.status} at ${url.pathname}: ${await res.text()}`);
        url = new URL(location, url);
      }
      return url;
    },
    forgeIdTokens(on) {
      forge = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
