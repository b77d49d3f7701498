import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { answerChallenge, CARDS, drain } from '../transfers/transfer-fixtures.ts';
import { API, errorOf, type Holder, holder, newKey, walletBalance } from './wallet-fixtures.ts';

describe.each(DATABASE_KINDS)('saved cards on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const add = (h: Holder, body: unknown) => t.call('POST', `${API}/remit/card/add`, { token: h.token, body });
  const list = (h: Holder) => t.call('POST', `${API}/remit/card/list`, { token: h.token });
  const remove = (h: Holder, body: unknown) => t.call('POST', `${API}/remit/card/delete`, { token: h.token, body });
  const saveCard = async (h: Holder, number: string = CARDS.approves) => {
    const res = await add(h, { single_use_token: await tokenize(t, { number, exp_month: 3, exp_year: 2031 }) });
    expect(res.status).toBe(201);
    return res.body.data.card_id as string;
  };
  const topUp = (h: Holder, body: Record<string, string>) =>
    t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body: { currency: 'GBP', amount: '20.00', ...body },
      headers: { 'Idempotency-Key': newKey() },
    });

  it('saves a card from a single-use token: the gateway’s reusable token, brand, last four and expiry, never the number', async () => {
    const h = await holder(t);
    const token = await tokenize(t, { number: CARDS.mastercard, exp_month: 3, exp_year: 2031 });
    const res = await add(h, { single_use_token: token });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      card_id: expect.stringMatching(/^card_/),
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2031,
      expire: '03/31',
      is_expired: false,
    });
    // adding the same token again is the same card, not a second one
    const again = await add(h, { single_use_token: token });
    expect(again.status).toBe(200);
    expect(again.body.data.card_id).toBe(res.body.data.card_id);
    expect((await list(h)).body.data).toEqual([res.body.data]);

    const row = await t.deps.db.selectFrom('saved_cards').selectAll().where('customer_id', '=', h.id).execute();
    expect(row).toHaveLength(1);
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    expect(row[0]?.gateway_token).not.toBe(token);
  });

  it('lists the customer’s own cards, newest first, with expiry computed', async () => {
    const h = await holder(t);
    const first = await saveCard(h);
    t.clock.advance(1000);
    const now = t.clock.now();
    const month = now.getUTCMonth() + 1;
    const lastMonth = await add(h, {
      single_use_token: await tokenize(t, { exp_month: month, exp_year: now.getUTCFullYear() }),
    });
    expect(lastMonth.body.data.is_expired).toBe(false);
    const cards = (await list(h)).body.data;
    expect(cards.map((c: { card_id: string }) => c.card_id)).toEqual([lastMonth.body.data.card_id, first]);

    t.clock.advance(31 * 24 * 3600 * 1000);
    h.token = (await createSession(t.deps.db, t.deps.config, t.clock, h.id)).token; // the old session has ended
    expect((await list(h)).body.data.map((c: { is_expired: boolean }) => c.is_expired)).toEqual([true, false]);
    expect((await list(await holder(t))).body.data).toEqual([]);
  });

  it('refuses a used, unknown or Amex token, and malformed bodies, saving nothing', async () => {
    const h = await holder(t);
    const spent = await tokenize(t);
    await saveCard(h);
    expect((await add(h, { single_use_token: spent })).status).toBe(201);
    const cases: [unknown, number, string][] = [
      [{ single_use_token: spent.replace('tok_', 'tok_x') }, 400, 'single_use_token'],
      [{ single_use_token: await tokenize(t, { number: CARDS.amex }) }, 422, 'single_use_token'],
      [{ single_use_token: '' }, 400, 'single_use_token'],
      [{}, 400, 'single_use_token'],
    ];
    for (const [body, status, field] of cases) {
      const res = await add(h, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(errorOf(res.body).property_path).toBe(field);
    }
    expect((await list(h)).body.data).toHaveLength(2);
  });

  it('refuses another customer’s token, card and deletion with 404, changing nothing', async () => {
    const owner = await holder(t);
    const stranger = await holder(t);
    const token = await tokenize(t);
    const saved = await add(owner, { single_use_token: token });
    expect((await add(stranger, { single_use_token: token })).status).toBe(400);
    const cardId: string = saved.body.data.card_id;

    const del = await remove(stranger, { card_id: cardId });
    expect(del.status).toBe(404);
    expect(errorOf(del.body).property_path).toBe('card_id');
    const pay = await topUp(stranger, { saved_card_id: cardId });
    expect(pay.status).toBe(404);
    expect(errorOf(pay.body).property_path).toBe('saved_card_id');
    expect((await list(stranger)).body.data).toEqual([]);
    expect((await list(owner)).body.data).toHaveLength(1);
    expect(await walletBalance(t, stranger.id, 'GBP')).toBeUndefined();
  });

  it('tops up with a saved card as many times as asked, and 3-D Secure each time the bank asks', async () => {
    const h = await holder(t);
    const cardId = await saveCard(h);
    expect((await topUp(h, { saved_card_id: cardId })).body.data).toMatchObject({
      status: 'APPROVED',
      balance: '20.00',
    });
    expect((await topUp(h, { saved_card_id: cardId })).body.data).toMatchObject({
      status: 'APPROVED',
      balance: '40.00',
    });

    const challenged = await saveCard(h, CARDS.challenge);
    const waiting = await topUp(h, { saved_card_id: challenged });
    expect(waiting.body.data).toMatchObject({ status: 'WAITING', balance: '40.00' });
    await answerChallenge(t, waiting.body.data.challenge_url, 'success');
    const done = await t.call('GET', `${API}/remit/wallet/top-up/${waiting.body.data.id}`, { token: h.token });
    expect(done.body.data).toMatchObject({ status: 'APPROVED', balance: '60.00' });
    const again = await topUp(h, { saved_card_id: challenged });
    expect(again.body.data.status).toBe('WAITING');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(60_00n);
  });

  it('wants exactly one of card_token and saved_card_id', async () => {
    const h = await holder(t);
    const cardId = await saveCard(h);
    const both = await topUp(h, { saved_card_id: cardId, card_token: await tokenize(t) });
    expect(both.status).toBe(400);
    expect(errorOf(both.body).property_path).toBe('saved_card_id');
    const neither = await topUp(h, {});
    expect(neither.status).toBe(400);
    expect(errorOf(neither.body).property_path).toBe('card_token');
    expect((await topUp(h, { saved_card_id: 'card_nope' })).status).toBe(404);
    expect((await topUp(h, { saved_card_id: 'not a card' })).status).toBe(400);
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
  });

  it('deletes a card: gone from the list, and the gateway forgets it so it can never be charged', async () => {
    const h = await holder(t);
    const cardId = await saveCard(h);
    const { gateway_token } = await t.deps.db
      .selectFrom('saved_cards')
      .select('gateway_token')
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    const res = await remove(h, { card_id: cardId });
    expect(res.status).toBe(204);
    expect((await list(h)).body.data).toEqual([]);
    expect((await remove(h, { card_id: cardId })).status).toBe(404);
    expect((await topUp(h, { saved_card_id: cardId })).status).toBe(404);

    await drain(t);
    expect(await t.deps.providers.cardGateway.describeToken(gateway_token)).toBeUndefined();
    expect((await remove(h, { card_id: 'x' })).status).toBe(400);
  });
});
