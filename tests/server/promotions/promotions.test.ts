import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_GRACE_SECONDS } from '../../../src/server/modules/transfers/transfer-expiry.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  CARDS,
  create,
  drain,
  fundingBalances,
  newKey,
  payWith,
  type Sender,
  sender,
  TO_KENYA_MOBILE,
} from '../transfers/transfer-fixtures.ts';

const SAVE_QUOTE = `${API}/remit/remittance/save-quote`;
const PROMOTIONS = `${API}/remit/options/promotions`;

describe.each(DATABASE_KINDS)('promo codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const quoteWith = (s: Sender, promo: string | undefined, amount = '100.00') =>
    t.call('POST', SAVE_QUOTE, {
      token: s.token,
      body: { ...TO_KENYA_MOBILE, amount, ...(promo === undefined ? {} : { promo_code: promo }) },
    });
  const createFrom = (s: Sender, quoteId: string, key = newKey()) =>
    create(t, s.token, { quote_id: quoteId, beneficiary_id: s.beneficiaryId, purpose_of_transaction: 'gift' }, key);
  const codes = async (s: Sender) =>
    Object.fromEntries(
      (await t.call('GET', PROMOTIONS, { token: s.token })).body.data.map((p: any) => [p.code, p.status]),
    );

  it('lowers the quote’s fee visibly: half the fee, a fixed amount, or all of it on a first transfer', async () => {
    const s = await sender(t);
    // 250.00 GBP to Kenyan mobile money: fee 2.99
    const half = await quoteWith(s, 'halffee ', '250.00');
    expect(half.status).toBe(201);
    expect(half.body.data).toMatchObject({ promo_code: 'HALFFEE', fee_discount: '1.49', fee: '1.50', total: '251.50' });
    const fixed = await quoteWith(s, 'FIVEOFF', '250.00');
    expect(fixed.body.data).toMatchObject({ fee_discount: '2.99', fee: '0.00', total: '250.00' });
    const free = await quoteWith(s, 'FIRSTFREE', '250.00');
    expect(free.body.data).toMatchObject({ fee_discount: '2.99', fee: '0.00', total_cost: free.body.data.rate_markup });
  });

  it('refuses an unknown code, one for another currency, and a malformed one with SPEC’s message', async () => {
    const s = await sender(t);
    for (const code of ['NOSUCHCODE', 'FIVEEURO', 'no!']) {
      const res = await quoteWith(s, code);
      expect(res.status).toBe(code === 'no!' ? 400 : 422);
      expect(res.body.errors[0]).toMatchObject({ message: 'Invalid promotion code', property_path: 'promo_code' });
    }
  });

  it('is spent by the transfer that pays with it; then refused; the ledger balances at the lowered fee', async () => {
    const s = await sender(t);
    // a fixed amount of another currency is not listed: FIVEEURO is for EUR senders
    expect(await codes(s)).toEqual({ FIRSTFREE: 'available', FIVEOFF: 'available', HALFFEE: 'available' });
    const quote = await quoteWith(s, 'HALFFEE');
    const created = await createFrom(s, quote.body.data.quote_id);
    expect(created.status).toBe(201);
    // 100.00 GBP: fee 1.99, half of it (truncated) off: 1.00
    expect(created.body.data).toMatchObject({ fees: '1.00', total: '101.00', promo_code: 'HALFFEE' });

    const before = await fundingBalances(t, s.id);
    const paid = await payWith(t, s, created.body.data.trans_ref, CARDS.approves);
    expect(paid.body.data.status).toBe('APPROVED');
    const after = await fundingBalances(t, s.id);
    expect(after.card_settlement - before.card_settlement).toBe(-10100n);
    expect(after.fee_revenue - before.fee_revenue).toBe(100n);
    await expectLedgerInvariants(t.deps.db);

    expect((await codes(s)).HALFFEE).toBe('spent');
    // once paid, the customer is told what the code saved (in the bell, and by push to any browser they subscribed)
    await drain(t);
    const bell = await t.call('GET', `${API}/user/messages`, { token: s.token });
    expect(bell.body.data).toContainEqual(
      expect.objectContaining({
        category: 'bonus',
        title_key: 'promo.saved',
        params: { code: 'HALFFEE', amount: '0.99', currency: 'GBP', trans_ref: created.body.data.trans_ref },
      }),
    );
    const again = await quoteWith(s, 'HALFFEE');
    expect(again.status).toBe(422);
    expect(again.body.errors[0].type).toBe('urn:sarraf:error:InvalidPromotionCode');
    // a first-transfer code is over once a transfer is paid
    expect((await quoteWith(s, 'FIRSTFREE')).status).toBe(422);
  });

  it('is spent once when two quotes carry it: the second transfer is refused, retries answer the first', async () => {
    const s = await sender(t);
    const first = await quoteWith(s, 'FIVEOFF');
    const second = await quoteWith(s, 'FIVEOFF');
    const key = newKey();
    expect((await createFrom(s, first.body.data.quote_id, key)).status).toBe(201);
    expect((await createFrom(s, first.body.data.quote_id, key)).status).toBe(200);
    const refused = await createFrom(s, second.body.data.quote_id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ message: 'Invalid promotion code', property_path: 'promo_code' });
    const rows = await t.deps.db.selectFrom('promo_redemptions').selectAll().where('customer_id', '=', s.id).execute();
    expect(rows.map((r) => [r.code, r.discount])).toEqual([['FIVEOFF', 199n]]);
  });

  it('under a race of parallel transfers from quotes with the same code, exactly one spends it', async () => {
    const s = await sender(t);
    const quotes = await Promise.all(Array.from({ length: 6 }, () => quoteWith(s, 'HALFFEE')));
    const results = await Promise.all(quotes.map((q) => createFrom(s, q.body.data.quote_id)));
    expect(results.map((r) => r.status).toSorted()).toEqual([201, 422, 422, 422, 422, 422]);
    const live = await t.deps.db
      .selectFrom('promo_redemptions')
      .select('code')
      .where('customer_id', '=', s.id)
      .where('released_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('comes back when its transfer closes unpaid', async () => {
    const s = await sender(t);
    const quote = await quoteWith(s, 'FIVEOFF');
    expect((await createFrom(s, quote.body.data.quote_id)).status).toBe(201);
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000 + CHALLENGE_GRACE_SECONDS * 1000);
    await drain(t);
    expect((await codes(s)).FIVEOFF).toBe('available');
    const again = await quoteWith(s, 'FIVEOFF');
    expect((await createFrom(s, again.body.data.quote_id)).status).toBe(201);
  });

  it('a re-priced transfer keeps its code: the new quote must carry it', async () => {
    const s = await sender(t);
    const quote = await quoteWith(s, 'HALFFEE');
    const created = await createFrom(s, quote.body.data.quote_id);
    const ref = created.body.data.trans_ref;
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000);
    const without = await quoteWith(s, undefined);
    const refused = await t.call('POST', `${API}/remit/transaction/reprice`, {
      token: s.token,
      body: { trans_ref: ref, quote_id: without.body.data.quote_id },
    });
    expect(refused.status).toBe(400);
    const withCode = await quoteWith(s, 'HALFFEE');
    expect(withCode.status).toBe(201);
    const repriced = await t.call('POST', `${API}/remit/transaction/reprice`, {
      token: s.token,
      body: { trans_ref: ref, quote_id: withCode.body.data.quote_id },
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body.data).toMatchObject({ fees: '1.00', promo_code: 'HALFFEE' });
  });

  it('needs a session', async () => {
    expect((await t.call('GET', PROMOTIONS)).status).toBe(401);
  });
});
