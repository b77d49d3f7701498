import type { AuthorizeRequest } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import {
  type SandboxCardGateway,
  sandboxCardGateway,
} from '../../../src/server/providers/card-gateway/sandbox-card-gateway.ts';
import type { TestApp } from '../../support/test-app.ts';

export const TOKENS_PATH = '/sandbox/gateway/tokens';

export const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Amina Yusuf' };

/** Tokenize a card through the sandbox gateway's endpoint, as the browser does. */
export async function tokenize(t: TestApp, card: Partial<typeof CARD> = {}): Promise<string> {
  const res = await t.call('POST', TOKENS_PATH, { body: { ...CARD, ...card } });
  if (res.status !== 201) throw new Error(`tokenization failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** The app's card gateway as its sandbox, whose every payment can be looked up. */
export function sandboxGateway(t: TestApp): SandboxCardGateway {
  return sandboxCardGateway(t.deps.db, t.deps.clock, { webhookKeys: t.deps.config.paymentWebhookKeys.keys });
}

let counter = 0;

/** An authorization request for a token with a fresh idempotency key. */
export function paymentFor(token: string, overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  counter += 1;
  return {
    token,
    amount: 12_50n,
    currency: 'GBP',
    reference: `TR-${counter}`,
    idempotencyKey: `key-${counter}`,
    returnUrl: '/checkout-card-enrollment/complete?routeName=send-money',
    ...overrides,
  };
}
