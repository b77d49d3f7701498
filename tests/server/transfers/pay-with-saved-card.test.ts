import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { API, awaitingTransfer, CARDS, newKey, type Sender, sender } from './transfer-fixtures.ts';

/** A card saved with the customer's consent (remit/card/add) pays a transfer by its id (saved_card_id), the owner's only. */
describe.each(DATABASE_KINDS)('paying a transfer with a saved card on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const save = async (s: Sender, number: string = CARDS.approves): Promise<string> => {
    const res = await t.call('POST', `${API}/remit/card/add`, {
      token: s.token,
      body: { single_use_token: await tokenize(t, { number }) },
    });
    expect(res.status).toBe(201);
    return res.body.data.card_id;
  };
  const payBy = (s: Sender, body: Record<string, string>) =>
    t.call('POST', `${API}/remit/transaction/pay`, {
      token: s.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });

  it('pays with the saved card, and the card stays saved for the next time', async () => {
    const s = await sender(t);
    const cardId = await save(s);
    const ref = await awaitingTransfer(t, s);
    const res = await payBy(s, { trans_ref: ref, saved_card_id: cardId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
    const next = await awaitingTransfer(t, s);
    expect((await payBy(s, { trans_ref: next, saved_card_id: cardId })).body.data.status).toBe('APPROVED');
  });

  it('asks for 3-D Secure again when the saved card’s bank does', async () => {
    const s = await sender(t);
    const cardId = await save(s, CARDS.challenge);
    const ref = await awaitingTransfer(t, s);
    const res = await payBy(s, { trans_ref: ref, saved_card_id: cardId });
    expect(res.body.data).toMatchObject({ status: 'WAITING', challenge_url: expect.stringMatching(/3ds/) });
  });

  it('refuses another customer’s card with 404 and both or neither card with 400, charging nothing', async () => {
    const owner = await sender(t);
    const stranger = await sender(t);
    const cardId = await save(owner);
    const ref = await awaitingTransfer(t, stranger);
    const taken = await payBy(stranger, { trans_ref: ref, saved_card_id: cardId });
    expect(taken.status).toBe(404);
    expect(taken.body.errors[0].property_path).toBe('saved_card_id');
    const both = await payBy(stranger, { trans_ref: ref, saved_card_id: cardId, card_token: await tokenize(t) });
    expect(both.status).toBe(400);
    expect((await payBy(stranger, { trans_ref: ref })).status).toBe(400);
    const payments = await t.deps.db
      .selectFrom('sandbox_card_payments')
      .select('id')
      .where('reference', '=', ref)
      .execute();
    expect(payments).toEqual([]);
  });
});
