import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { INDIA_BANK } from '../beneficiaries/beneficiary-fixtures.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  create,
  createBody,
  details,
  fundingBalances,
  ledgerKinds,
  minorFigures,
  newKey,
  pay,
  paymentStatus,
  payWith,
  type Sender,
  saveQuote,
  sender,
  TO_KENYA_MOBILE,
} from './transfer-fixtures.ts';

const errorOf = (body: any) => body.errors[0];

describe.each(DATABASE_KINDS)('POST /remit/transaction/pay by card on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const gatewayPayments = (reference: string) =>
    t.deps.db.selectFrom('sandbox_card_payments').selectAll().where('reference', '=', reference).execute();
  const outbox = (topic: string) =>
    t.deps.db.selectFrom('outbox_events').selectAll().where('topic', '=', topic).execute();

  it('approves 4242: the transfer is PENDING and the money’s path is in the ledger, exactly', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const platformBefore = await fundingBalances(t, s.id);
    const submissionsBefore = (await outbox('payout.submit')).length;

    const res = await payWith(t, s, ref, CARDS.approves);
    expect(res.status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.body.data).toMatchObject({ status: 'APPROVED', code: 'approved', challenge_url: null });
    expect(res.body.data.transfer).toMatchObject({
      trans_ref: ref,
      status: 'PENDING',
      status_label: 'processing',
      payment_type: 'card',
      funded_at: now,
      paid_at: null,
      events: [
        { status: 'AWAITING', at: now },
        { status: 'PENDING', at: now },
      ],
    });

    const { send, fee, total } = minorFigures(res.body.data.transfer);
    expect(send + fee).toBe(total);
    expect(fee).toBeGreaterThan(0n);
    const after = await fundingBalances(t, s.id);
    expect({
      card_settlement: after.card_settlement - platformBefore.card_settlement,
      fee_revenue: after.fee_revenue - platformBefore.fee_revenue,
      payout_clearing: after.payout_clearing - platformBefore.payout_clearing,
      wallet: after.wallet,
    }).toEqual({ card_settlement: -total, fee_revenue: fee, payout_clearing: send, wallet: 0n });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);

    // the payout partner is scheduled one step later, in the same transaction
    expect((await outbox('payout.submit')).length).toBe(submissionsBefore + 1);
    const [payment] = await gatewayPayments(ref);
    expect(payment).toMatchObject({ amount: total, currency: 'GBP', status: 'APPROVED' });
  });

  it('charges the quoted total, with the gateway told our reference and the return path', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    await payWith(t, s, ref, CARDS.mastercard);
    const [payment] = await gatewayPayments(ref);
    expect(payment?.return_url).toBe(
      `/checkout-card-enrollment/return?routeName=send-money-pay&transactionReference=${ref}`,
    );
    expect(payment?.brand).toBe('mastercard');
  });

  it('answers a retry with the same key with the same result and charges and posts once', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const card = await tokenize(t, { number: CARDS.approves });
    const key = newKey();
    const first = await pay(t, s.token, ref, card, key);
    const again = await pay(t, s.token, ref, card, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await gatewayPayments(ref)).toHaveLength(1);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('refuses the same key with another card (422 IdempotencyKeyReused)', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const key = newKey();
    await pay(t, s.token, ref, await tokenize(t, { number: CARDS.declined }), key);
    const res = await pay(t, s.token, ref, await tokenize(t, { number: CARDS.approves }), key);
    expect(res.status).toBe(422);
    expect(errorOf(res.body).type).toBe('urn:sarraf:error:IdempotencyKeyReused');
  });

  it('refuses to pay a transfer already paid (409 InvalidTransition) and charges nothing more', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    await payWith(t, s, ref, CARDS.approves);
    const res = await payWith(t, s, ref, CARDS.approves);
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      type: 'urn:sarraf:error:InvalidTransition',
      message: 'This transfer is not waiting for payment',
    });
    expect(await gatewayPayments(ref)).toHaveLength(1);
    const setType = await t.call('POST', `${API}/remit/transaction/set-payment-type`, {
      token: s.token,
      body: { trans_ref: ref, payment_type: 'card' },
    });
    expect(setType.status).toBe(409);
  });

  it('charges one card only when two pay calls with different keys race', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const [a, b] = await Promise.all([payWith(t, s, ref, CARDS.approves), payWith(t, s, ref, CARDS.mastercard)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const approved = (await gatewayPayments(ref)).filter((p) => p.status === 'APPROVED');
    expect(approved).toHaveLength(1);
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('0002 is declined by the bank: nothing is posted, and the customer may try another card', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.declined);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_declined_by_bank',
      challenge_url: null,
      transfer: { status: 'AWAITING', status_label: 'waiting_for_payment', funded_at: null },
    });
    expect(await ledgerKinds(t, ref)).toEqual([]);
    expect(await fundingBalances(t, s.id)).toMatchObject({ wallet: 0n });

    const retry = await payWith(t, s, ref, CARDS.approves);
    expect(retry.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
    const attempts = await t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select(['payins.status', 'payins.code'])
      .where('transfers.trans_ref', '=', ref)
      .orderBy('payins.seq')
      .execute();
    expect(attempts).toEqual([
      { status: 'DECLINED', code: 'payment_was_declined_by_bank' },
      { status: 'APPROVED', code: 'approved' },
    ]);
  });

  it('9995 has insufficient funds: declined, nothing posted', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.insufficientFunds);
    expect(res.body.data).toMatchObject({ status: 'DECLINED', code: 'insufficient_funds' });
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });

  it('refuses Amex before the gateway is ever asked: we do not accept this card type', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.amex);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'DECLINED',
      code: 'we_do_not_accept_this_card_type',
      transfer: { status: 'AWAITING' },
    });
    expect(await gatewayPayments(ref)).toEqual([]);
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });

  it('refuses a card issued in another country than the sender’s (its own type, not the recipient’s) before any attempt, then takes a home card', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    for (const number of [CARDS.issuedInUs, CARDS.issuedInSweden, CARDS.issuedInBrazil]) {
      const res = await payWith(t, s, ref, number);
      expect(res.status).toBe(422);
      expect(errorOf(res.body)).toMatchObject({
        type: 'urn:sarraf:error:IssuerCardCountryNotEqualSendCountry',
        property_path: 'card_token',
      });
    }
    expect(await gatewayPayments(ref)).toEqual([]);
    const attempts = await t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select('payins.id')
      .where('transfers.trans_ref', '=', ref)
      .execute();
    expect(attempts).toEqual([]);
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
  });

  it('declines a token already spent, as the gateway does', async () => {
    const s = await sender(t);
    const first = await awaitingTransfer(t, s);
    const second = await awaitingTransfer(t, s);
    const card = await tokenize(t, { number: CARDS.approves });
    expect((await pay(t, s.token, first, card)).body.data.status).toBe('APPROVED');
    const res = await pay(t, s.token, second, card);
    expect(res.body.data).toMatchObject({ status: 'DECLINED', code: 'general_problem_with_payment_try_again' });
  });

  it('refuses to pay once the quote has expired (422 QuoteExpired), asking no gateway', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const card = await tokenize(t, { number: CARDS.approves });
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000);
    const res = await pay(t, s.token, ref, card);
    expect(res.status).toBe(422);
    expect(errorOf(res.body).type).toBe('urn:sarraf:error:QuoteExpired');
    expect(await gatewayPayments(ref)).toEqual([]);
  });

  it('needs an Idempotency-Key and a well-formed body (400)', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const card = await tokenize(t, { number: CARDS.approves });
    const noKey = await pay(t, s.token, ref, card, null);
    expect(noKey.status).toBe(400);
    expect(errorOf(noKey.body).property_path).toBe('Idempotency-Key');
    const noToken = await t.call('POST', `${API}/remit/transaction/pay`, {
      token: s.token,
      body: { trans_ref: ref },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(noToken.status).toBe(400);
    expect(errorOf(noToken.body).property_path).toBe('card_token');
  });

  it('answers every call on another customer’s transfer as not found (404), and pays nothing', async () => {
    const owner = await sender(t);
    const intruder = await sender(t);
    const ref = await awaitingTransfer(t, owner);
    await payWith(t, owner, ref, CARDS.declined);
    const card = await tokenize(t, { number: CARDS.approves });
    const responses = [
      await pay(t, intruder.token, ref, card),
      await paymentStatus(t, intruder.token, ref),
      await details(t, intruder.token, ref),
      await t.call('POST', `${API}/remit/transaction/set-payment-type`, {
        token: intruder.token,
        body: { trans_ref: ref, payment_type: 'card' },
      }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ type: 'urn:sarraf:error:NotFound', message: 'Transfer not found' });
    }
    const list = await t.call('GET', `${API}/remit/transaction/list`, { token: intruder.token });
    expect(list.body.data.map((x: { trans_ref: string }) => x.trans_ref)).not.toContain(ref);
    expect((await details(t, owner.token, ref)).body.data.status).toBe('AWAITING');
  });

  it('answers payment-status for a transfer never paid as not found (404)', async () => {
    const s: Sender = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await paymentStatus(t, s.token, ref);
    expect(res.status).toBe(404);
    expect(errorOf(res.body).message).toBe('Payment not found');
  });

  it('refuses a transfer that would pass the yearly limit (25,000.00 GBP), naming what is left', async () => {
    const toIndia = { ...TO_KENYA_MOBILE, destination_country_iso2: 'IN', payout_type: 'bank', amount: '20000.00' };
    const s = await sender(t, INDIA_BANK, toIndia);
    const first = await awaitingTransfer(t, s);
    expect((await payWith(t, s, first, CARDS.approves)).body.data.status).toBe('APPROVED');

    const second = await create(t, s.token, { ...createBody(s), quote_id: await saveQuote(t, s.token, toIndia) });
    expect(second.status).toBe(422);
    expect(second.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:YearlyLimitExceeded',
      property_path: 'amount',
      message: expect.stringContaining('£5,000.00 more this year'),
    });

    const withinLimit = await saveQuote(t, s.token, { ...toIndia, amount: '5000.00' });
    expect((await create(t, s.token, { ...createBody(s), quote_id: withinLimit })).status).toBe(201);
  });
});
