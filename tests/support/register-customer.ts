import { expect } from 'vitest';
import { GUEST_REGISTRATIONS } from '../../src/domain/contract/oauth.ts';
import { outboxHandlers } from '../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../src/server/jobs/outbox-worker.ts';
import { SANDBOX_V3_TOKENS } from '../../src/server/providers/captcha/sandbox-captcha.ts';
import type { TestApp } from './test-app.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Deliver what the outbox holds, then read the newest code e-mailed to
 * `email` from the sandbox outbox, the way a demo user would.
 */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  await new OutboxWorker(t.deps, outboxHandlers()).drain();
  const res = await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const newest = res.body.data[0];
  expect(newest, `no message was sent to ${email}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(newest.body)?.[1];
  if (!code) throw new Error(`no code in the message to ${email}`);
  return code;
}

export interface Registration {
  email: string;
  password: string;
  country: string;
  /** the agent whose sign-up link started it */
  agent_code?: string;
}

/**
 * Start a registration by e-mail (from `from`, else a new address, with any
 * `headers`: a guest's bearer); returns the registration bearer token.
 */
export async function startRegistration(
  t: TestApp,
  details: Registration,
  from?: string,
  headers?: Record<string, string>,
): Promise<string> {
  const res = await t.call('POST', '/api/oauth/email/send', {
    body: { ...details, accept_terms: true, accept_privacy: true },
    ...(from === undefined ? {} : { from }),
    ...(headers === undefined ? {} : { headers }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.registration_token;
}

/** Register through the real flow (send, read the code, check); returns the session token and user. */
export async function registerCustomer(
  t: TestApp,
  details: Partial<Registration> = {},
): Promise<{ token: string; user: { id: string; email: string } } & Registration> {
  const full: Registration = {
    email: `customer-${crypto.randomUUID()}@example.test`,
    password: 'secret12',
    country: 'GB',
    ...details,
  };
  const registrationToken = await startRegistration(t, full);
  const code = await latestCode(t, full.email);
  const res = await t.call('POST', '/api/oauth/email/check', { body: { code }, headers: bearer(registrationToken) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...full, ...(await finishRegistration(t, registrationToken)) };
}

/** A verified registration made a customer (`commit`) and signed in (`jwt2auth`): the SignedIn answer. */
export async function finishRegistration(
  t: TestApp,
  registrationToken: string,
): Promise<{ token: string; user: { id: string; email: string } }> {
  const committed = await t.call('POST', '/api/oauth/commit', { headers: bearer(registrationToken) });
  expect(committed.status, JSON.stringify(committed.body)).toBe(201);
  const signedIn = await t.call('POST', '/api/oauth/jwt2auth', { body: { jwt: committed.body.data.jwt } });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return signedIn.body.data;
}

/**
 * A guest session started from `from` that passed the captcha the way a
 * person's browser does (the invisible check scores it high): its bearer
 * token lets GUEST_REGISTRATIONS registrations past the captcha-free ones.
 */
export async function passedGuest(t: TestApp, from: string, country = 'GB'): Promise<string> {
  const guest = await t.call('POST', '/api/oauth/guest', { body: { country }, from });
  expect(guest.status, JSON.stringify(guest.body)).toBe(201);
  const token: string = guest.body.data.guest_token;
  const scored = await t.call('POST', '/api/oauth/gcaptcha/v3', {
    body: { token: SANDBOX_V3_TOKENS.human },
    headers: bearer(token),
    from,
  });
  expect(scored.body.data?.passed, JSON.stringify(scored.body)).toBe(true);
  return token;
}

/**
 * For tests that register many times from one address: each call gives the
 * headers for one more registration, the bearer of a passed guest session
 * with registrations left (a new one every GUEST_REGISTRATIONS calls; a
 * guest pays only past the captcha-free registrations, so some go unused).
 */
export function captchaPasses(t: TestApp, from: string, country = 'GB'): () => Promise<Record<string, string>> {
  let token = '';
  let left = 0;
  return async () => {
    if (left === 0) {
      token = await passedGuest(t, from, country);
      left = GUEST_REGISTRATIONS;
    }
    left -= 1;
    return bearer(token);
  };
}
