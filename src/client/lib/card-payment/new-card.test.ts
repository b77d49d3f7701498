import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAppStore, SESSION_TOKEN } from '../../testing/auth-fixtures.ts';
import { failure, fakeApi, reply } from '../../testing/fake-api.ts';
import { errorModalAtom } from '../error-modal/error-modal-atom.ts';
import { appStore } from '../session/app-store.ts';
import { accessTokenAtom } from '../session/session-atoms.ts';
import type { NewCard } from './card-form.tsx';
import { readyNewCard } from './new-card.ts';

const TOKENS = 'POST /sandbox/gateway/tokens';
const ADD_CARD = 'POST /api/main/remit/card/add';
const CARD: NewCard = {
  gateway: 'sandbox',
  tokensUrl: '/sandbox/gateway/tokens',
  card: { name: 'Amina Warsame', number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
};
/** Adyen's card component's encrypted fields: nothing of the card in clear. */
const ADYEN_FIELDS = {
  type: 'scheme' as const,
  encryptedCardNumber: 'adyenjs_0_1_25$bnVtYmVy',
  encryptedExpiryMonth: 'adyenjs_0_1_25$bW9udGg=',
  encryptedExpiryYear: 'adyenjs_0_1_25$eWVhcg==',
  encryptedSecurityCode: 'adyenjs_0_1_25$Y3Zj',
};
const TOKEN = {
  token: 'tok_1',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'GB' },
  expires_at: '2034-11-22T09:15:00Z',
};
const SAVED = {
  card_id: 'card_1',
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2034,
  expire: '12/34',
  is_expired: false,
};

describe('a new card made ready for a pay-in', () => {
  beforeEach(() => {
    resetAppStore();
    appStore.set(errorModalAtom, null);
    appStore.set(accessTokenAtom, SESSION_TOKEN);
  });
  afterEach(() => resetAppStore());

  it('is the gateway’s single-use token, and the card number goes to the gateway alone', async () => {
    const api = fakeApi({ [TOKENS]: reply(201, { data: TOKEN }) });
    expect(await readyNewCard(CARD, false)).toEqual({ card: { card_token: 'tok_1' } });
    expect(api.sent.map((request) => `${request.method} ${request.path}`)).toEqual([TOKENS]);
  });

  it('is saved first when the customer agrees, and the pay-in then names the saved card', async () => {
    const api = fakeApi({ [TOKENS]: reply(201, { data: TOKEN }), [ADD_CARD]: reply(201, { data: SAVED }) });
    expect(await readyNewCard(CARD, true)).toEqual({ card: { saved_card_id: 'card_1' } });
    expect(api.to(ADD_CARD)[0]?.body).toEqual({ single_use_token: 'tok_1' });
  });

  it('keeps the token when saving finds no network, so the retry saves it without tokenizing again', async () => {
    const api = fakeApi({ [TOKENS]: reply(201, { data: TOKEN }) });
    const first = await readyNewCard(CARD, true);
    expect(first).toEqual({ card: { card_token: 'tok_1' }, failed: 'network' });
    fakeApi({ [ADD_CARD]: reply(201, { data: SAVED }) });
    const retry = await readyNewCard(CARD, true, 'card' in first ? first.card : undefined);
    expect(retry).toEqual({ card: { saved_card_id: 'card_1' } });
    expect(api.to(TOKENS)).toHaveLength(1);
  });

  it('shows our API’s refusal to save in the error modal, with the call’s request id', async () => {
    const api = fakeApi({
      [TOKENS]: reply(201, { data: TOKEN }),
      [ADD_CARD]: failure(422, 'PaymentDeclined', 'We accept Visa and Mastercard only', 'single_use_token'),
    });
    expect(await readyNewCard(CARD, true)).toEqual({ card: { card_token: 'tok_1' }, failed: 'shown' });
    const requestId = api.to(ADD_CARD)[0]?.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(appStore.get(errorModalAtom)).toEqual({ errorCode: requestId });
  });

  it('names the fields the gateway refused, and is nothing at all without a network', async () => {
    fakeApi({ [TOKENS]: failure(400, 'ValidationFailed', 'The card number is not valid', 'number') });
    expect(await readyNewCard(CARD, false)).toEqual({ refused: { number: 'number_invalid' } });
    fakeApi({});
    expect(await readyNewCard(CARD, false)).toEqual({ failed: 'network' });
  });

  it('with Adyen is the component’s encrypted fields: nothing goes to a tokenizer of ours, and a saved card is added from them', async () => {
    const api = fakeApi({ [ADD_CARD]: reply(201, { data: SAVED }) });
    const adyen: NewCard = { gateway: 'adyen', fields: ADYEN_FIELDS };
    expect(await readyNewCard(adyen, false)).toEqual({ card: { card_fields: ADYEN_FIELDS } });
    expect(api.sent).toEqual([]);
    expect(await readyNewCard(adyen, true)).toEqual({ card: { saved_card_id: 'card_1' } });
    expect(api.sent.map((request) => `${request.method} ${request.path}`)).toEqual([ADD_CARD]);
    expect(JSON.stringify(api.sent)).not.toMatch(/4242|4111/);
  });
});
