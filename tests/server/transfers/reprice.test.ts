import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_GRACE_SECONDS } from '../../../src/server/modules/transfers/transfer-expiry.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  fundingBalances,
  payWith,
  type Sender,
  saveQuote,
  sender,
  TO_KENYA_MOBILE,
  TO_SOMALIA_CASH,
} from './transfer-fixtures.ts';

const REPRICE = `${API}/remit/transaction/reprice`;

describe.each(DATABASE_KINDS)('POST /remit/transaction/reprice on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const reprice = (s: Sender, body: unknown) => t.call('POST', REPRICE, { token: s.token, body });
  const ttlMs = () => t.deps.config.quoteTtlSeconds * 1000;

  it('re-prices an expired transfer with a new quote, keeps the rest, and the card pays the new total', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    await t.call('POST', `${API}/remit/transaction/set-payment-type`, {
      token: s.token,
      body: { trans_ref: ref, payment_type: 'card' },
    });
    t.clock.advance(ttlMs());
    const refused = await payWith(t, s, ref, CARDS.approves);
    expect(refused.body.errors[0].type).toBe('urn:sarraf:error:QuoteExpired');

    const quoteId = await saveQuote(t, s.token, { ...TO_KENYA_MOBILE, amount: '120.00' });
    const before = (await details(t, s.token, ref)).body.data;
    const res = await reprice(s, { trans_ref: ref, quote_id: quoteId });
    expect(res.status).toBe(200);
    // 120.00 GBP × 159.9325 = 19 191.90 KES; fee band over 100.00: 2.99
    expect(res.body.data).toMatchObject({
      trans_ref: ref,
      status: 'AWAITING',
      send_amount: '120.00',
      fees: '2.99',
      total: '122.99',
      receive_amount: '19191.90',
      payment_type: 'card',
      purpose: before.purpose,
      beneficiary: before.beneficiary,
      quote_expiration_time: new Date(t.clock.now().getTime() + ttlMs()).toISOString(),
    });

    const platformBefore = await fundingBalances(t, s.id);
    const paid = await payWith(t, s, ref, CARDS.approves);
    expect(paid.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING', total: '122.99' } });
    const after = await fundingBalances(t, s.id);
    expect(after.card_settlement - platformBefore.card_settlement).toBe(-12299n);
    expect(after.fee_revenue - platformBefore.fee_revenue).toBe(299n);
  });

  it('the first quote’s expiry leaves a re-priced transfer open; the new one’s closes it, and the list says so', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    t.clock.advance(ttlMs());
    const quoteId = await saveQuote(t, s.token, s.quote);
    expect((await reprice(s, { trans_ref: ref, quote_id: quoteId })).status).toBe(200);

    t.clock.advance(CHALLENGE_GRACE_SECONDS * 1000);
    await drain(t);
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');

    t.clock.advance(ttlMs());
    await drain(t);
    const list = await t.call('GET', `${API}/remit/transaction/list`, { token: s.token });
    expect(list.body.data.find((x: any) => x.trans_ref === ref)).toMatchObject({
      status: 'CLOSED',
      close_reason: 'expired',
      status_label: 'canceled',
    });
  });

  it('answers the same quote again with the transfer as it is', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const quoteId = await saveQuote(t, s.token, s.quote);
    const first = await reprice(s, { trans_ref: ref, quote_id: quoteId });
    const again = await reprice(s, { trans_ref: ref, quote_id: quoteId });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
  });

  it('refuses another corridor’s quote, a used or expired quote, a paid transfer and another customer’s', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);

    const somalia = await saveQuote(t, s.token, TO_SOMALIA_CASH);
    const other = await reprice(s, { trans_ref: ref, quote_id: somalia });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].property_path).toBe('quote_id');

    const usedRef = await awaitingTransfer(t, s);
    const used = (await details(t, s.token, usedRef)).body.data;
    const usedQuote = await t.deps.db
      .selectFrom('transfers')
      .select('quote_id')
      .where('trans_ref', '=', used.trans_ref)
      .executeTakeFirstOrThrow();
    const taken = await reprice(s, { trans_ref: ref, quote_id: usedQuote.quote_id });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].type).toBe('urn:sarraf:error:QuoteAlreadyUsed');

    const stale = await saveQuote(t, s.token, s.quote);
    t.clock.advance(ttlMs());
    const expired = await reprice(s, { trans_ref: ref, quote_id: stale });
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].type).toBe('urn:sarraf:error:QuoteExpired');

    const fresh = await saveQuote(t, s.token, s.quote);
    const paidRef = await awaitingTransfer(t, s);
    expect((await payWith(t, s, paidRef, CARDS.approves)).body.data.status).toBe('APPROVED');
    const paid = await reprice(s, { trans_ref: paidRef, quote_id: fresh });
    expect(paid.status).toBe(409);
    expect(paid.body.errors[0].type).toBe('urn:sarraf:error:InvalidTransition');

    const stranger = await signedInCustomer(t, 'cus_reprice_stranger', 'GB');
    const strangerQuote = await saveQuote(t, stranger, TO_KENYA_MOBILE);
    const notTheirs = await t.call('POST', REPRICE, {
      token: stranger,
      body: { trans_ref: ref, quote_id: strangerQuote },
    });
    expect(notTheirs.status).toBe(404);
    const notMine = await reprice(s, { trans_ref: ref, quote_id: strangerQuote });
    expect(notMine.status).toBe(404);

    const bad = await reprice(s, { trans_ref: 'nope', quote_id: fresh });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].property_path).toBe('trans_ref');
    expect((await details(t, s.token, ref)).body.data.send_amount).toBe('100.00');
  });
});
