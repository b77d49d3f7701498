import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardAuthorization } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { paymentFor, sandboxGateway, tokenize } from './card-fixtures.ts';

const RETURN_URL = '/checkout-card-enrollment/complete?routeName=send-money';

describe.each(DATABASE_KINDS)('sandbox 3-D Secure challenge on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function challenged(): Promise<CardAuthorization & { status: 'WAITING' }> {
    const token = await tokenize(t, { number: '4000 0000 0000 3220' });
    const payment = await t.deps.providers.cardGateway.authorize(
      paymentFor(token, { amount: 1234_56n, reference: 'TR-3DS', returnUrl: RETURN_URL }),
    );
    if (payment.status !== 'WAITING') throw new Error(`expected a challenge, got ${payment.status}`);
    return payment;
  }

  /** Submit one of the page's forms the way a browser does. */
  function answer(paymentId: string, outcome: string) {
    return t.app.request(`/sandbox/gateway/3ds/${paymentId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
    });
  }

  it('renders an accessible challenge page with no script, under the CSP', async () => {
    const payment = await challenged();
    const res = await t.app.request(payment.challengeUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toContain('<main>');
    expect(page).toContain('<h1>Sandbox bank — confirm your payment</h1>');
    expect(page).toContain('£1,234.56');
    expect(page).toContain('Sarraf');
    expect(page).toContain('Visa ending 3220');
    expect(page).toContain('TR-3DS');
    const forms = page.match(/<form method="post" action="[^"]+">/g) ?? [];
    expect(forms).toEqual(Array(2).fill(`<form method="post" action="${payment.challengeUrl}/complete">`));
    expect(page).toContain('<input type="hidden" name="outcome" value="success">');
    expect(page).toContain('<input type="hidden" name="outcome" value="failure">');
    expect(page).toMatch(/<button type="submit"[^>]*>Authenticate<\/button>/);
    expect(page).toMatch(/<button type="submit"[^>]*>Fail authentication<\/button>/);
    expect(page).not.toMatch(/<script|<style|\son[a-z]+=|style=/i);

    const stylesheet = page.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await t.app.request(new URL(stylesheet ?? '', `http://localhost${payment.challengeUrl}`).pathname);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('approves on authentication and sends the browser back with the outcome', async () => {
    const payment = await challenged();
    const res = await answer(payment.paymentId, 'success');
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith('/checkout-card-enrollment/complete?')).toBe(true);
    const query = new URL(location, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      routeName: 'send-money',
      status: 'success',
      provider: 'sandbox',
      payment_id: payment.paymentId,
    });
    expect(await sandboxGateway(t).getPayment(payment.paymentId)).toMatchObject({
      status: 'APPROVED',
      code: 'approved',
      challengeUrl: null,
    });
  });

  it('declines as not authorised when authentication fails', async () => {
    const payment = await challenged();
    const res = await answer(payment.paymentId, 'failure');
    expect(res.status).toBe(303);
    const query = new URL(res.headers.get('location') ?? '', 'http://localhost').searchParams;
    expect(query.get('status')).toBe('failure');
    expect(query.get('payment_id')).toBe(payment.paymentId);
    expect(await sandboxGateway(t).getPayment(payment.paymentId)).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
    });
  });

  it('keeps the first answer when the challenge is answered again', async () => {
    const payment = await challenged();
    await answer(payment.paymentId, 'failure');
    const again = await answer(payment.paymentId, 'success');
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location') ?? '', 'http://localhost').searchParams.get('status')).toBe('failure');
    expect((await sandboxGateway(t).getPayment(payment.paymentId))?.status).toBe('DECLINED');

    const page = await (await t.app.request(payment.challengeUrl)).text();
    expect(page).toContain('Authentication of this payment failed');
    expect(page).not.toContain('<form');
    expect(page).toContain(`payment_id=${payment.paymentId}`);
  });

  it('has no challenge for an unknown payment or one that needed none', async () => {
    expect((await t.app.request('/sandbox/gateway/3ds/pay_unknown')).status).toBe(404);
    expect((await answer('pay_unknown', 'success')).status).toBe(404);

    const frictionless = await t.deps.providers.cardGateway.authorize(paymentFor(await tokenize(t)));
    expect(frictionless.status).toBe('APPROVED');
    expect((await t.app.request(`/sandbox/gateway/3ds/${frictionless.paymentId}`)).status).toBe(404);
    expect((await answer(frictionless.paymentId, 'failure')).status).toBe(404);
    expect((await sandboxGateway(t).getPayment(frictionless.paymentId))?.status).toBe('APPROVED');
  });

  it('refuses an answer that is neither success nor failure', async () => {
    const payment = await challenged();
    const res = await answer(payment.paymentId, 'maybe');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: unknown[] };
    expect(body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ValidationFailed',
      property_path: 'outcome',
    });
    expect((await sandboxGateway(t).getPayment(payment.paymentId))?.status).toBe('WAITING');
  });
});
