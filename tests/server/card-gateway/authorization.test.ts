import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardGatewayRequestRefused } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import type { SandboxCardGateway } from '../../../src/server/providers/card-gateway/sandbox-card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { paymentFor, sandboxGateway, tokenize } from './card-fixtures.ts';

describe.each(DATABASE_KINDS)('sandbox card authorization on %s', (kind) => {
  let t: TestApp;
  let gateway: SandboxCardGateway;
  beforeAll(async () => {
    t = await createTestApp(kind);
    gateway = sandboxGateway(t);
  });
  afterAll(() => t.close());

  it.each([
    ['4242 4242 4242 4242', 'APPROVED', 'approved'],
    ['5555 5555 5555 4444', 'APPROVED', 'approved'],
    ['4000 0000 0000 0002', 'DECLINED', 'payment_was_declined_by_bank'],
    ['4000 0000 0000 9995', 'DECLINED', 'insufficient_funds'],
    ['3782 822463 10005', 'DECLINED', 'we_do_not_accept_this_card_type'],
    ['4111 1111 1111 1111', 'APPROVED', 'approved'],
    ['6011 1111 1111 1117', 'DECLINED', 'we_do_not_accept_this_card_type'],
  ])('charges %s: %s %s', async (number, status, code) => {
    const token = await tokenize(t, { number });
    const request = paymentFor(token);
    const result = await gateway.authorize(request);
    expect(result).toMatchObject({
      status,
      code,
      challengeUrl: null,
      amount: 12_50n,
      currency: 'GBP',
      reference: request.reference,
      card: { last4: number.replace(/ /g, '').slice(-4), country: 'GB' },
    });
    expect(await gateway.getPayment(result.paymentId)).toEqual(result);
  });

  it('asks for a 3-D Secure challenge for 4000 0000 0000 3220', async () => {
    const result = await gateway.authorize(paymentFor(await tokenize(t, { number: '4000 0000 0000 3220' })));
    expect(result.status).toBe('WAITING');
    expect(result.code).toBeNull();
    expect(result.challengeUrl).toBe(`/sandbox/gateway/3ds/${result.paymentId}`);
    expect(result.paymentId).toMatch(/^pay_[A-Za-z0-9_-]{20,}$/);
  });

  it('answers a repeated idempotency key with the first payment, not a second charge', async () => {
    const request = paymentFor(await tokenize(t));
    const first = await gateway.authorize(request);
    t.clock.advance(60_000);
    const again = await gateway.authorize(request);
    expect(again).toEqual(first);
    const rows = await t.deps.db
      .selectFrom('sandbox_card_payments')
      .select('id')
      .where('idempotency_key', '=', request.idempotencyKey)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('makes one payment when the same key arrives concurrently', async () => {
    const request = paymentFor(await tokenize(t));
    const results = await Promise.all(Array.from({ length: 6 }, () => gateway.authorize(request)));
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
    expect(results.every((r) => r.status === 'APPROVED')).toBe(true);
  });

  it('refuses an idempotency key reused for a different payment', async () => {
    const request = paymentFor(await tokenize(t));
    await gateway.authorize(request);
    await expect(gateway.authorize({ ...request, amount: 99_00n })).rejects.toThrow(CardGatewayRequestRefused);
  });

  it('spends a token once: a second payment with it is declined', async () => {
    const token = await tokenize(t);
    expect((await gateway.authorize(paymentFor(token))).status).toBe('APPROVED');
    expect(await gateway.describeToken(token)).toBeUndefined();
    const second = await gateway.authorize(paymentFor(token));
    expect(second).toMatchObject({ status: 'DECLINED', code: 'general_problem_with_payment_try_again', card: null });
  });

  it('declines an unknown or expired token', async () => {
    const unknown = await gateway.authorize(paymentFor('tok_never_issued'));
    expect(unknown).toMatchObject({ status: 'DECLINED', code: 'general_problem_with_payment_try_again' });

    const token = await tokenize(t);
    t.clock.advance(15 * 60_000);
    const late = await gateway.authorize(paymentFor(token));
    expect(late).toMatchObject({ status: 'DECLINED', code: 'general_problem_with_payment_try_again' });
  });

  it('declines a card that expired between tokenization and payment', async () => {
    const endOfMonth = new Date('2026-01-31T23:55:00Z').getTime();
    t.clock.advance(endOfMonth - t.clock.now().getTime());
    const token = await tokenize(t, { exp_month: 1, exp_year: 2026 });
    t.clock.advance(10 * 60_000);
    const result = await gateway.authorize(paymentFor(token));
    expect(result).toMatchObject({ status: 'DECLINED', code: 'card_has_expired', card: { expMonth: 1 } });
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a backslash trick', '/\\evil.example/steal'],
    ['a relative path without a slash', 'checkout-card-enrollment/complete'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path with a newline', '/checkout\n/x'],
  ])('refuses %s as the return URL and leaves the token unspent', async (_, returnUrl) => {
    const token = await tokenize(t);
    await expect(gateway.authorize(paymentFor(token, { returnUrl }))).rejects.toThrow(CardGatewayRequestRefused);
    expect(await gateway.describeToken(token)).toBeDefined();
  });

  it('refuses a non-positive amount or a malformed currency', async () => {
    const token = await tokenize(t);
    await expect(gateway.authorize(paymentFor(token, { amount: 0n }))).rejects.toThrow(CardGatewayRequestRefused);
    await expect(gateway.authorize(paymentFor(token, { currency: 'gbp' }))).rejects.toThrow(CardGatewayRequestRefused);
  });

  it('knows no payment it did not make', async () => {
    expect(await gateway.getPayment('pay_unknown')).toBeUndefined();
  });
});
