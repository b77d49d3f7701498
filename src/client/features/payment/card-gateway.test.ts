import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { tokenizeCard } from '../../lib/api/card-gateway.ts';
import { appStore } from '../../lib/session/app-store.ts';
import { accessTokenAtom } from '../../lib/session/session-atoms.ts';
import { SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';

const CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123', name: 'Amina Otieno' };
const TOKEN = {
  token: 'tok_abc',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'GB' },
  expires_at: '2026-11-22T09:15:00Z',
};

describe('card tokenization', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    appStore.set(accessTokenAtom, null);
  });

  it("sends the card to the gateway's own endpoint only, without the session token", async () => {
    appStore.set(accessTokenAtom, SESSION_TOKEN);
    const network = fakeApi({ 'POST /sandbox/gateway/tokens': reply(201, { data: TOKEN }) });
    await expect(tokenizeCard('/sandbox/gateway/tokens', CARD)).resolves.toEqual(TOKEN);
    expect(network.sent).toHaveLength(1);
    const [sent] = network.sent;
    expect(sent?.body).toEqual(CARD);
    expect(sent?.headers.get('x-auth-token')).toBeNull();
    expect(network.sent.some((request) => request.path.startsWith('/api/'))).toBe(false);
  });

  it("turns the gateway's refusal into a failure naming the field", async () => {
    fakeApi({ 'POST /sandbox/gateway/tokens': failure(400, 'ValidationFailed', 'The card has expired', 'exp_month') });
    const refused = await tokenizeCard('/sandbox/gateway/tokens', CARD).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ status: 400, type: 'ValidationFailed', propertyPath: 'exp_month' });
  });
});
