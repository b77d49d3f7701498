import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOP_UP_CHALLENGE_MINUTES } from '../../../src/domain/wallets.ts';
import { LATE_SETTLEMENT_CHECK_MINUTES } from '../../../src/server/payins/payin-jobs.ts';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { type BankOutcome, LocalAdyen } from '../../support/local-adyen.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  awaitingTransfer,
  details,
  drain,
  ledgerKinds,
  paymentStatus,
  type Sender,
  sender,
} from '../transfers/transfer-fixtures.ts';
import { API, holder, newKey, walletBalance } from '../wallets/wallet-fixtures.ts';

const ORIGIN = 'https://send.sarraf.example';
const HOOK = '/api/hooks/bank-link/adyen';

/**
 * With BANK_LINK=adyen (and CARD_GATEWAY=adyen on the same settings), a bank
 * payment goes to Adyen's Checkout API (a stand-in judged by Adyen's
 * published description) as Pay by Bank: the shopper is sent to Adyen's
 * redirect, comes back through our server, which asks `/payments/details`,
 * and Adyen's signed AUTHORISATION webhook settles one whose browser never
 * came back. The app's return route is the one the sandbox uses.
 */
describe.each(DATABASE_KINDS)('bank link through Adyen on %s', (kind) => {
  let t: TestApp;
  let adyen: LocalAdyen;
  beforeAll(async () => {
    adyen = await LocalAdyen.start();
    const settings = adyen.settings();
    t = await createTestApp(kind, {
      publicOrigin: ORIGIN,
      providers: { ...providerSettingsFrom({}), bankLink: settings, cardGateway: settings },
    });
  });
  afterAll(async () => {
    expect(adyen.allProblems()).toEqual([]);
    await expectLedgerInvariants(t.deps.db);
    await t.close();
    await adyen.close();
  });

  const payByBankLink = (s: Sender, ref: string, key = newKey()) =>
    t.call('POST', `${API}/remit/transaction/pay/bank-link`, {
      token: s.token,
      body: { trans_ref: ref },
      headers: { 'Idempotency-Key': key },
    });
  const payinOf = (ref: string) =>
    t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .selectAll('payins')
      .where('transfers.trans_ref', '=', ref)
      .orderBy('payins.created_at', 'desc')
      .executeTakeFirstOrThrow();
  const post = (body: string) =>
    t.app.request(HOOK, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  /** A transfer waiting for its bank payment at Adyen: the browser's address is Adyen's redirect. */
  async function atTheBank() {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payByBankLink(s, ref);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'WAITING', code: null });
    const redirectUrl: string = res.body.data.challenge_url;
    expect(redirectUrl.startsWith(`${adyen.origin}/bank/redirect?`)).toBe(true);
    const payin = await payinOf(ref);
    return { s, ref, redirectUrl, payin, paymentId: payin.bank_payment_id ?? '' };
  }

  /** The shopper does `outcome` at the bank and Adyen sends the browser back through our server. */
  async function comeBack(redirectUrl: string, outcome: BankOutcome): Promise<URL> {
    const back = new URL(adyen.completeBankVisit(redirectUrl, outcome));
    expect(back.origin).toBe(ORIGIN);
    expect(back.pathname).toBe(`${HOOK}/return`);
    const res = await t.app.request(`${back.pathname}${back.search}`);
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location') ?? '', 'http://localhost');
  }

  const authorisation = (paymentId: string, ref: string, success: boolean, reason = '') => ({
    eventCode: 'AUTHORISATION',
    pspReference: paymentId,
    originalReference: undefined,
    merchantReference: ref,
    amount: { value: 1250, currency: 'GBP' },
    success: String(success),
    reason,
    paymentMethod: 'paybybank',
  });

  it('pays a transfer by Pay by Bank: initiate, the return through the server, settled and funded once', async () => {
    const before = adyen.requests.length;
    const { s, ref, redirectUrl, paymentId } = await atTheBank();
    const [initiated] = adyen.requests.slice(before);
    expect(initiated).toMatchObject({ method: 'POST', path: '/payments', problems: [] });
    expect(initiated?.idempotencyKey).toMatch(/^payment:/);
    expect(initiated?.body).toMatchObject({
      merchantAccount: adyen.merchantAccount,
      reference: ref,
      paymentMethod: { type: 'paybybank' },
      countryCode: 'GB',
      channel: 'Web',
    });
    expect(initiated?.body?.amount).toEqual({ value: expect.any(Number), currency: 'GBP' });
    expect(initiated?.body?.returnUrl.startsWith(`${ORIGIN}${HOOK}/return?`)).toBe(true);

    const back = await comeBack(redirectUrl, 'authorised');
    expect(back.pathname).toBe('/trustly-callback');
    expect(back.searchParams.get('routeName')).toBe('send-money-pay');
    expect(back.searchParams.get('transactionReference')).toBe(ref);
    expect(back.searchParams.get('payment_id')).toBe(paymentId);
    expect(adyen.requests.at(-1)).toMatchObject({ path: '/payments/details', problems: [] });

    const status = await paymentStatus(t, s.token, ref);
    expect(status.body.data).toMatchObject({ status: 'APPROVED', code: 'approved' });
    expect(status.body.data.transfer).toMatchObject({ status: 'PENDING', payment_type: 'trustly' });
    expect(await ledgerKinds(t, ref)).toEqual(['bank_link_payment', 'transfer_funding']);
    // Adyen's webhook for the same payment afterwards changes nothing
    expect((await post(adyen.webhook(authorisation(paymentId, ref, true)))).status).toBe(200);
    expect(await ledgerKinds(t, ref)).toEqual(['bank_link_payment', 'transfer_funding']);
  });

  it('a cancel at the bank or a refusal declines with its reason, and the transfer can be paid again', async () => {
    for (const [outcome, code] of [
      ['cancelled', 'bank_link_cancelled'],
      ['no-funds', 'bank_link_insufficient_funds'],
      ['refused', 'general_problem_with_payment_try_again'],
    ] as const) {
      const { s, ref, redirectUrl } = await atTheBank();
      await comeBack(redirectUrl, outcome);
      const status = await paymentStatus(t, s.token, ref);
      expect(status.body.data, outcome).toMatchObject({ status: 'DECLINED', code });
      expect(status.body.data.transfer.status).toBe('AWAITING');
      expect(await ledgerKinds(t, ref)).toEqual([]);
    }
  });

  it('settles a payment whose browser never came back on Adyen’s signed webhook, within a second', async () => {
    const { s, ref, paymentId } = await atTheBank();
    const started = performance.now();
    const res = await post(adyen.webhook(authorisation(paymentId, ref, true)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('[accepted]');
    expect((await payinOf(ref)).status).toBe('APPROVED');
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
    // the same delivery again, and a late contrary one, change nothing
    expect((await post(adyen.webhook(authorisation(paymentId, ref, true)))).status).toBe(200);
    expect((await post(adyen.webhook(authorisation(paymentId, ref, false, 'Refused')))).status).toBe(200);
    expect((await payinOf(ref)).status).toBe('APPROVED');
    expect(await ledgerKinds(t, ref)).toEqual(['bank_link_payment', 'transfer_funding']);
  });

  it('the card gateway’s webhook, which Adyen sends the same events, leaves bank payments to the bank link’s', async () => {
    const { ref, paymentId } = await atTheBank();
    const warn = vi.spyOn(t.deps.logger, 'warn');
    try {
      const res = await t.app.request('/api/hooks/payments/adyen', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: adyen.webhook(authorisation(paymentId, ref, true)),
      });
      expect(res.status).toBe(200);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect((await payinOf(ref)).status).toBe('WAITING');
    expect((await post(adyen.webhook(authorisation(paymentId, ref, true)))).status).toBe(200);
    expect((await payinOf(ref)).status).toBe('APPROVED');
  });

  it('waits on a Pending return until the webhook says, refused for an empty account', async () => {
    const { s, ref, redirectUrl, paymentId } = await atTheBank();
    await comeBack(redirectUrl, 'pending');
    expect((await paymentStatus(t, s.token, ref)).body.data).toMatchObject({ status: 'WAITING' });
    await post(adyen.webhook(authorisation(paymentId, ref, false, 'Not enough balance')));
    expect(await payinOf(ref)).toMatchObject({ status: 'DECLINED', code: 'bank_link_insufficient_funds' });
  });

  it('refuses a forged webhook, one for another merchant account and one unsigned; nothing changes', async () => {
    const { ref, paymentId } = await atTheBank();
    const item = authorisation(paymentId, ref, true);
    const unsigned = JSON.stringify({
      live: 'false',
      notificationItems: [{ NotificationRequestItem: { ...item, merchantAccountCode: adyen.merchantAccount } }],
    });
    for (const body of [
      adyen.webhook(item, randomBytes(32)),
      adyen.webhook({ ...item, merchantAccountCode: 'SomeoneElse' }),
      unsigned,
      'not json',
    ]) {
      const res = await post(body);
      expect(res.status).toBe(401);
    }
    expect((await payinOf(ref)).status).toBe('WAITING');
    // a signed one for a payment that is not a bank link of ours (a card's) is accepted and changes nothing
    expect((await post(adyen.webhook({ ...item, pspReference: 'CARD00000001' }))).status).toBe(200);
    expect((await payinOf(ref)).status).toBe('WAITING');
  });

  it('a retried initiation is the same Adyen payment under the same Idempotency-Key', async () => {
    const initiation = {
      amount: 20_00n,
      currency: 'EUR',
      reference: 'top-up-retry',
      idempotencyKey: `top-up:${newKey()}`,
      returnUrl: '/trustly-callback?routeName=wallet-top-up&top_up_id=tup_retry',
    };
    const before = adyen.requests.length;
    const first = await t.deps.providers.bankLink.initiate(initiation);
    const again = await t.deps.providers.bankLink.initiate(initiation);
    expect(again).toEqual(first);
    const calls = adyen.requests.slice(before);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([initiation.idempotencyKey, initiation.idempotencyKey]);
    // euros go by Pay by Bank without a country (Germany or France, the shopper says at Tink)
    expect(calls[0]?.body).toMatchObject({ paymentMethod: { type: 'paybybank' } });
    expect(calls[0]?.body?.countryCode).toBeUndefined();
    expect(await t.deps.providers.bankLink.status(first.paymentId)).toEqual({ status: 'pending' });
    expect(await t.deps.providers.bankLink.status('UNKNOWN0000000')).toEqual({
      status: 'failed',
      reason: 'bank_error',
    });
  });

  it('pays Swedish kronor by Trustly, and refuses a currency Adyen has no bank payment for before any pay-in', async () => {
    const bankLink = t.deps.providers.bankLink;
    const before = adyen.requests.length;
    await bankLink.initiate({
      amount: 100_00n,
      currency: 'SEK',
      reference: 'r',
      idempotencyKey: newKey(),
      returnUrl: '/trustly-callback',
    });
    expect(adyen.requests[before]?.body).toMatchObject({ paymentMethod: { type: 'trustly' }, countryCode: 'SE' });
    expect(['GBP', 'EUR', 'SEK', 'NOK', 'DKK'].every((currency) => bankLink.takes(currency))).toBe(true);
    expect(bankLink.takes('USD')).toBe(false);
    // and the browser is told, so it offers "pay from your bank" in these only
    const providers = await t.call('GET', '/api/locator/client-providers');
    expect(providers.body.data.bank_link_currencies).toEqual(['GBP', 'EUR', 'SEK', 'NOK', 'DKK']);

    const h = await holder(t, 'US');
    const res = await t.call('POST', `${API}/remit/wallet/top-up/bank-link`, {
      token: h.token,
      body: { currency: 'USD', amount: '30.00' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:ServiceUnavailable');
    const payins = await t.deps.db.selectFrom('payins').select('id').where('customer_id', '=', h.id).execute();
    expect(payins).toEqual([]);
    expect(adyen.requests.length).toBe(before + 1);
  });

  it('a retried top-up is the same Adyen payment, and one Adyen settles after it was abandoned is credited once', async () => {
    const h = await holder(t);
    const key = newKey();
    const topUp = () =>
      t.call('POST', `${API}/remit/wallet/top-up/bank-link`, {
        token: h.token,
        body: { currency: 'GBP', amount: '25.00' },
        headers: { 'Idempotency-Key': key },
      });
    const first = await topUp();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const calls = adyen.requests.length;
    const again = await topUp();
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, challenge_url: first.body.data.challenge_url });
    expect(adyen.requests.length).toBe(calls);
    const payin = await t.deps.db
      .selectFrom('payins')
      .selectAll()
      .where('id', '=', first.body.data.id)
      .executeTakeFirstOrThrow();
    const statusOf = async () =>
      (await t.deps.db.selectFrom('payins').select('status').where('id', '=', payin.id).executeTakeFirstOrThrow())
        .status;

    // the customer stays at the bank past the top-up's deadline: abandoned, nothing credited
    t.clock.advance((TOP_UP_CHALLENGE_MINUTES + 1) * 60_000);
    await drain(t);
    expect(await statusOf()).toBe('ABANDONED');
    // then the bank pays after all: Adyen's webhook is kept, and the next late-settlement check credits the wallet
    const settled = authorisation(payin.bank_payment_id ?? '', payin.reference, true);
    expect((await post(adyen.webhook(settled))).status).toBe(200);
    t.clock.advance(LATE_SETTLEMENT_CHECK_MINUTES * 60_000);
    await drain(t);
    expect(await statusOf()).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
    expect((await post(adyen.webhook(settled))).status).toBe(200);
    await drain(t);
    expect(await walletBalance(t, h.id, 'GBP')).toBe(25_00n);
  });

  it('tops up a wallet through Adyen and refuses a return without Adyen’s result', async () => {
    const h = await holder(t);
    const res = await t.call('POST', `${API}/remit/wallet/top-up/bank-link`, {
      token: h.token,
      body: { currency: 'GBP', amount: '30.00' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const back = await comeBack(res.body.data.challenge_url, 'authorised');
    expect(back.searchParams.get('top_up_id')).toBe(res.body.data.id);
    const topUp = await t.call('GET', `${API}/remit/wallet/top-up/${res.body.data.id}`, { token: h.token });
    expect(topUp.body.data).toMatchObject({ status: 'APPROVED', balance: '30.00' });
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);
    expect((await t.app.request(`${HOOK}/return?to=/trustly-callback`)).status).toBe(400);
    // the hooks are the configured provider's only
    expect((await t.app.request('/api/hooks/bank-link/sandbox/return')).status).toBe(404);
    expect((await t.app.request('/api/hooks/bank-link/sandbox', { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
