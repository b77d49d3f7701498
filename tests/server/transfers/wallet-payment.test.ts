import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfersOffTheirPostings } from '../../../src/server/modules/transfers/transfer-ledger-check.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { fund } from '../wallets/wallet-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  FROM_US_TO_KENYA_MOBILE,
  fundingBalances,
  ledgerKinds,
  minorFigures,
  newKey,
  payWith,
  type Sender,
  sender,
} from './transfer-fixtures.ts';

const errorOf = (body: any) => body.errors[0];

describe.each(DATABASE_KINDS)('paying a transfer from the wallet on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([]);
    await t.close();
  });

  const payFromWallet = (s: Sender, transRef: string, key: string | null = newKey()) =>
    t.call('POST', `${API}/remit/transaction/v2/set-payment-type`, {
      token: s.token,
      body: { trans_ref: transRef },
      headers: key === null ? {} : { 'Idempotency-Key': key },
    });

  /** An AWAITING transfer and what it costs, in minor units. */
  async function unpaid(s: Sender): Promise<{ ref: string; total: bigint; fee: bigint; send: bigint }> {
    const ref = await awaitingTransfer(t, s);
    const { total, fee, send } = minorFigures((await details(t, s.token, ref)).body.data);
    return { ref, total, fee, send };
  }

  const statusOf = async (s: Sender, ref: string) => (await details(t, s.token, ref)).body.data.status;

  it('pays from the wallet: PENDING, the wallet pays fee and clearing in one ledger transaction, once per key', async () => {
    const s = await sender(t);
    const { ref, total, fee, send } = await unpaid(s);
    await fund(t, s.id, 'GBP', total + 5_00n);
    const before = await fundingBalances(t, s.id);
    const key = newKey();

    const res = await payFromWallet(s, ref, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'APPROVED', code: 'approved', challenge_url: null });
    expect(res.body.data.transfer).toMatchObject({
      trans_ref: ref,
      status: 'PENDING',
      payment_type: 'wallet',
      paid_with: null,
      funded_at: t.clock.now().toISOString(),
    });
    const after = await fundingBalances(t, s.id);
    expect({
      card_settlement: after.card_settlement - before.card_settlement,
      fee_revenue: after.fee_revenue - before.fee_revenue,
      payout_clearing: after.payout_clearing - before.payout_clearing,
      wallet: after.wallet,
    }).toEqual({ card_settlement: 0n, fee_revenue: fee, payout_clearing: send, wallet: 5_00n });
    expect(await ledgerKinds(t, ref)).toEqual(['transfer_funding']);

    // the same key again answers the same payment; nothing moves twice
    const again = await payFromWallet(s, ref, key);
    expect(again.status).toBe(200);
    expect(again.body.data.transfer.funded_at).toBe(res.body.data.transfer.funded_at);
    expect(await ledgerKinds(t, ref)).toEqual(['transfer_funding']);
    expect((await fundingBalances(t, s.id)).wallet).toBe(5_00n);

    // another key finds it paid already
    const other = await payFromWallet(s, ref);
    expect(other.status).toBe(409);
    expect(errorOf(other.body).type).toBe('urn:sarraf:error:InvalidTransition');
    // and a card cannot pay it a second time
    expect((await payWith(t, s, ref, CARDS.approves)).status).toBe(409);
  });

  it('refuses a wallet holding too little, or none, with InsufficientFunds, changing nothing', async () => {
    const s = await sender(t);
    const { ref, total } = await unpaid(s);
    const none = await payFromWallet(s, ref);
    expect(none.status).toBe(422);
    expect(errorOf(none.body)).toMatchObject({ type: 'urn:sarraf:error:InsufficientFunds' });

    await fund(t, s.id, 'GBP', total - 1n);
    const short = await payFromWallet(s, ref);
    expect(short.status).toBe(422);
    expect(errorOf(short.body).type).toBe('urn:sarraf:error:InsufficientFunds');
    expect(await statusOf(s, ref)).toBe('AWAITING');
    expect((await fundingBalances(t, s.id)).wallet).toBe(total - 1n);
    expect(await ledgerKinds(t, ref)).toEqual([]);

    // topped up by a penny, the same transfer can now be paid
    await fund(t, s.id, 'GBP', 1n);
    expect((await payFromWallet(s, ref)).status).toBe(200);
    expect((await fundingBalances(t, s.id)).wallet).toBe(0n);
  });

  it('of parallel payments of several transfers from one wallet, only what it holds succeeds; never below zero', async () => {
    const s = await sender(t);
    const transfers = [];
    for (let i = 0; i < 5; i += 1) transfers.push(await unpaid(s));
    const total = transfers[0]?.total ?? 0n;
    expect(transfers.every((tr) => tr.total === total)).toBe(true);
    await fund(t, s.id, 'GBP', total * 2n + total / 2n);

    const results = await Promise.all(transfers.map((tr) => payFromWallet(s, tr.ref)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 422)).toHaveLength(3);
    for (const res of results.filter((r) => r.status === 422)) {
      expect(errorOf(res.body).type).toBe('urn:sarraf:error:InsufficientFunds');
    }
    expect((await fundingBalances(t, s.id)).wallet).toBe(total / 2n);
    const pending = await Promise.all(transfers.map((tr) => statusOf(s, tr.ref)));
    expect(pending.filter((status) => status === 'PENDING')).toHaveLength(2);
  });

  it('of two parallel payments of one transfer with different keys, one wins and the other is refused', async () => {
    const s = await sender(t);
    const { ref, total } = await unpaid(s);
    await fund(t, s.id, 'GBP', total * 3n);
    const [a, b] = await Promise.all([payFromWallet(s, ref), payFromWallet(s, ref)]);
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    expect((await fundingBalances(t, s.id)).wallet).toBe(total * 2n);
    expect(await ledgerKinds(t, ref)).toEqual(['transfer_funding']);
  });

  it('of two parallel retries with one key, both answer with the one payment', async () => {
    const s = await sender(t);
    const { ref, total } = await unpaid(s);
    await fund(t, s.id, 'GBP', total);
    const key = newKey();
    const [a, b] = await Promise.all([payFromWallet(s, ref, key), payFromWallet(s, ref, key)]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    expect(await ledgerKinds(t, ref)).toEqual(['transfer_funding']);
    expect((await fundingBalances(t, s.id)).wallet).toBe(0n);
  });

  it('a wallet-paid transfer the partner rejects is refunded in full to the wallet', async () => {
    const s = await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' }));
    const { ref, total } = await unpaid(s);
    await fund(t, s.id, 'GBP', total);
    expect((await payFromWallet(s, ref)).status).toBe(200);
    expect((await fundingBalances(t, s.id)).wallet).toBe(0n);
    for (let step = 0; step < 2; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
    const closed = (await details(t, s.token, ref)).body.data;
    expect(closed).toMatchObject({ status: 'CLOSED', close_reason: 'rejected', refund_to: 'wallet' });
    expect(await ledgerKinds(t, ref)).toEqual(['transfer_funding', 'transfer_refund']);
    expect((await fundingBalances(t, s.id)).wallet).toBe(total);
  });

  it('refuses an expired quote, a card payment in progress, a US sender, a missing key and someone else’s transfer', async () => {
    const s = await sender(t);
    const { ref, total } = await unpaid(s);
    await fund(t, s.id, 'GBP', total * 2n);

    // a 3-D Secure challenge holds the payment slot
    const challenged = await payWith(t, s, ref, CARDS.challenge);
    expect(challenged.body.data.status).toBe('WAITING');
    const busy = await payFromWallet(s, ref);
    expect(busy.status).toBe(409);
    expect(errorOf(busy.body).type).toBe('urn:sarraf:error:InvalidTransition');

    const missingKey = await payFromWallet(s, ref, null);
    expect(missingKey.status).toBe(400);
    expect(errorOf(missingKey.body).property_path).toBe('Idempotency-Key');
    const badRef = await payFromWallet(s, 'not a reference');
    expect(badRef.status).toBe(400);
    expect(errorOf(badRef.body).property_path).toBe('trans_ref');

    const stranger = await sender(t);
    await fund(t, stranger.id, 'GBP', total);
    const theirs = await payFromWallet(stranger, ref);
    expect(theirs.status).toBe(404);
    expect((await fundingBalances(t, stranger.id)).wallet).toBe(total);

    const late = await unpaid(s);
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000);
    const expired = await payFromWallet(s, late.ref);
    expect(expired.status).toBe(422);
    expect(errorOf(expired.body).type).toBe('urn:sarraf:error:QuoteExpired');

    const us = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const usTransfer = await unpaid(us);
    await fund(t, us.id, 'USD', usTransfer.total);
    const refused = await payFromWallet(us, usTransfer.ref);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).property_path).toBe('payment_type');
    const chosen = await t.call('POST', `${API}/remit/transaction/set-payment-type`, {
      token: us.token,
      body: { trans_ref: usTransfer.ref, payment_type: 'wallet' },
    });
    expect(chosen.status).toBe(400);
    const options = await t.call('POST', `${API}/remit/options/get-transaction-options`, {
      token: us.token,
      body: { destination_country_iso2: 'KE', payout_type: 'mobile' },
    });
    expect(options.body.data.payment_types).toEqual(['card', 'bank', 'trustly']);
    expect(await statusOf(us, usTransfer.ref)).toBe('AWAITING');
  });
});
