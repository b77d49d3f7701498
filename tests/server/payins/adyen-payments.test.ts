import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { encryptedCard, LocalAdyen } from '../../support/local-adyen.ts';
import { builtPageDir, pagePolicy } from '../../support/page-policy.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { awaitingTransfer, details, ledgerKinds, type Sender, sender } from '../transfers/transfer-fixtures.ts';
import { API, holder, newKey, walletBalance } from '../wallets/wallet-fixtures.ts';

const HOOK = '/api/hooks/payments/adyen';
const OLD_KEY = randomBytes(32);

/**
 * With CARD_GATEWAY=adyen, pay-ins go through the one pay-in lifecycle to
 * Adyen's Checkout API (a stand-in judged by Adyen's published description):
 * the API takes only the encrypted fields of Adyen's card component, the
 * 3-D Secure return and Adyen's signed standard webhook settle a payment at
 * once, and forged, replayed and out-of-order notifications change nothing.
 */
describe.each(DATABASE_KINDS)('card payments through Adyen on %s', (kind) => {
  let t: TestApp;
  let adyen: LocalAdyen;
  beforeAll(async () => {
    adyen = await LocalAdyen.start();
    t = await createTestApp(kind, {
      publicOrigin: 'https://send.sarraf.example',
      // during a key's rotation both are accepted
      providers: { ...providerSettingsFrom({}), cardGateway: adyen.settings([adyen.hmacKey, OLD_KEY]) },
      staticDir: builtPageDir(),
    });
  });
  afterAll(async () => {
    expect(adyen.allProblems()).toEqual([]);
    await expectLedgerInvariants(t.deps.db);
    await t.close();
    await adyen.close();
  });

  const pay = (s: Sender, ref: string, card: Record<string, unknown>) =>
    t.call('POST', `${API}/remit/transaction/pay`, {
      token: s.token,
      body: { trans_ref: ref, ...card },
      headers: { 'Idempotency-Key': newKey() },
    });
  const payinOf = (paymentId: string) =>
    t.deps.db.selectFrom('payins').selectAll().where('gateway_payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const post = (body: string) =>
    t.app.request(HOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  async function challenged() {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await pay(s, ref, { card_fields: encryptedCard('challenge') });
    expect(res.body.data?.status, JSON.stringify(res.body)).toBe('WAITING');
    const challengeUrl: string = res.body.data.challenge_url;
    expect(challengeUrl.startsWith(adyen.origin)).toBe(true);
    const payin = await t.deps.db
      .selectFrom('payins')
      .selectAll()
      .where('reference', '=', ref)
      .where('status', '=', 'WAITING')
      .executeTakeFirstOrThrow();
    return { s, ref, challengeUrl, payin, paymentId: payin.gateway_payment_id ?? '' };
  }

  const authorisation = (payin: { gateway_payment_id: string | null; reference: string }, success: boolean) => ({
    eventCode: 'AUTHORISATION',
    pspReference: payin.gateway_payment_id,
    originalReference: undefined,
    merchantReference: payin.reference,
    amount: { value: 1250, currency: 'GBP' },
    success: String(success),
    reason: success ? '' : 'Refused',
    paymentMethod: 'visa',
  });

  it('settles a payment whose browser never came back within a second of Adyen’s signed webhook', async () => {
    const { s, ref, payin, paymentId } = await challenged();
    const started = performance.now();
    const res = await post(adyen.webhook(authorisation(payin, true)));
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('[accepted]');
    expect(elapsed).toBeLessThan(1000);
    expect(await payinOf(paymentId)).toMatchObject({ status: 'APPROVED', card_brand: 'visa', card_last4: '1111' });
    expect((await details(t, s.token, ref)).body.data).toMatchObject({ status: 'PENDING', payment_type: 'card' });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('refuses a forged webhook, one for another merchant account and one unsigned; nothing changes', async () => {
    const { payin, paymentId } = await challenged();
    const forged = adyen.webhook(authorisation(payin, true), randomBytes(32));
    const otherAccount = adyen.webhook({ ...authorisation(payin, true), merchantAccountCode: 'SomeoneElse' });
    const unsigned = JSON.stringify({
      live: 'false',
      notificationItems: [
        { NotificationRequestItem: { ...authorisation(payin, true), merchantAccountCode: adyen.merchantAccount } },
      ],
    });
    for (const body of [forged, otherAccount, unsigned, 'not json']) {
      const res = await post(body);
      expect(res.status).toBe(401);
      const answer = (await res.json()) as { errors: Array<{ type: string }> };
      expect(answer.errors[0]?.type).toBe('urn:sarraf:error:Unauthorized');
    }
    expect((await payinOf(paymentId)).status).toBe('WAITING');
    const recorded = await t.deps.db
      .selectFrom('payin_notifications')
      .selectAll()
      .where('gateway_payment_id', '=', paymentId)
      .execute();
    expect(recorded).toEqual([]);
  });

  it('takes a webhook signed with the older key while both are configured', async () => {
    const { payin, paymentId } = await challenged();
    expect((await post(adyen.webhook(authorisation(payin, true), OLD_KEY))).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
  });

  it('acts on a replayed webhook once, and on one out of order not at all', async () => {
    const { ref, payin, paymentId } = await challenged();
    const approved = adyen.webhook(authorisation(payin, true));
    for (let i = 0; i < 3; i += 1) expect((await post(approved)).status).toBe(200);
    const rows = await t.deps.db
      .selectFrom('payin_notifications')
      .selectAll()
      .where('gateway_payment_id', '=', paymentId)
      .execute();
    expect(rows).toHaveLength(1);
    // a refusal arriving after the approval, and a refund report, move nothing
    expect((await post(adyen.webhook(authorisation(payin, false)))).status).toBe(200);
    const refund = {
      ...authorisation(payin, true),
      eventCode: 'REFUND',
      pspReference: 'REFUND0001',
      originalReference: paymentId,
    };
    expect((await post(adyen.webhook(refund))).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('declines a payment still waiting when Adyen reports it cancelled', async () => {
    const { payin, paymentId } = await challenged();
    const cancelled = {
      ...authorisation(payin, true),
      eventCode: 'CANCELLATION',
      pspReference: 'CANCEL0001',
      originalReference: paymentId,
    };
    expect((await post(adyen.webhook(cancelled))).status).toBe(200);
    expect(await payinOf(paymentId)).toMatchObject({ status: 'DECLINED', code: 'payment_was_not_authorised' });
  });

  it('records the 3-D Secure return through the server and sends the browser on to the app', async () => {
    const { ref, challengeUrl, paymentId } = await challenged();
    const back = new URL(adyen.completeChallenge(challengeUrl, true));
    expect(back.origin).toBe('https://send.sarraf.example');
    const res = await t.app.request(`${back.pathname}${back.search}`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/checkout-card-enrollment/return');
    expect(location.searchParams.get('transactionReference')).toBe(ref);
    expect(location.searchParams.get('status')).toBe('success');
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
    // a return without Adyen's result is refused
    expect((await t.app.request('/api/hooks/payments/adyen/return?to=/x')).status).toBe(400);
  });

  it('takes only Adyen’s encrypted fields for a new card: a sandbox token or a card in clear is refused', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const before = adyen.requests.length;
    const token = await pay(s, ref, { card_token: 'tok_0123456789' });
    expect(token.status).toBe(400);
    expect(token.body.errors[0].property_path).toBe('card_token');
    const clear = await pay(s, ref, {
      card_fields: { ...encryptedCard('approve'), encryptedCardNumber: '4111111111111111' },
    });
    expect(clear.status).toBe(400);
    const extra = await pay(s, ref, { card_fields: { ...encryptedCard('approve'), number: '4111111111111111' } });
    expect(extra.status).toBe(400);
    expect(adyen.requests.length).toBe(before);
  });

  it('saves a card with consent, pays a transfer with it card-on-file, and tops up a wallet', async () => {
    const s = await sender(t);
    const added = await t.call('POST', `${API}/remit/card/add`, {
      token: s.token,
      body: { card_fields: encryptedCard('approve') },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({ brand: 'visa', last4: '1111', exp_month: 3, exp_year: 2030 });
    const saved = await t.deps.db
      .selectFrom('saved_cards')
      .selectAll()
      .where('customer_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(saved.consented_at).toBeInstanceOf(Date);
    const ref = await awaitingTransfer(t, s);
    const paid = await pay(s, ref, { saved_card_id: added.body.data.card_id });
    expect(paid.body.data).toMatchObject({ status: 'APPROVED' });
    expect(adyen.requests.at(-1)?.body).toMatchObject({ shopperInteraction: 'ContAuth', shopperReference: s.id });

    const h = await holder(t);
    const topUp = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body: { currency: 'GBP', amount: '25.00', card_fields: encryptedCard('approve') },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(topUp.body.data).toMatchObject({ status: 'APPROVED', balance: '25.00' });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
  });

  it('tells the browser to start Adyen’s card component, and lets exactly Adyen’s origins into the CSP', async () => {
    const s = await sender(t);
    const res = await t.call('GET', `${API}/remit/payment/card-gateway`, { token: s.token });
    expect(res.body.data).toEqual({
      gateway: 'adyen',
      client_key: expect.stringMatching(/^test_/),
      environment: 'test',
    });
    const csp = await pagePolicy(t);
    expect(csp).toContain("frame-src 'self' https://checkoutshopper-test.adyen.com;");
    expect(csp).toContain(
      "connect-src 'self' https://checkoutshopper-test.adyen.com https://checkoutanalytics-test.adyen.com;",
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp.match(/https:\/\/[^\s;]+/g)?.every((origin) => origin.endsWith('.adyen.com'))).toBe(true);
  });
});
