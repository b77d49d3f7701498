import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_NOT_IN_SENDER_NAME } from '../../../src/domain/payments.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { API, awaitingTransfer, newKey, pay, type Sender, sender } from './transfer-fixtures.ts';

/**
 * SPEC §5: a card pays only when it is in the sender's name: the name its bank
 * holds against the name the customer registered. A card in another name is
 * refused before the gateway is asked, for a transfer and for a wallet top-up.
 */
describe.each(DATABASE_KINDS)('the card must be in the sender’s name on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  async function named(first: string, surname: string): Promise<Sender> {
    const s = await sender(t);
    const res = await t.call('POST', `${API}/remit/remitter/create`, {
      token: s.token,
      body: { first_name: first, surname },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return s;
  }
  const gatewayPayments = () => t.deps.db.selectFrom('sandbox_card_payments').select('id').execute();

  it('refuses a card in someone else’s name before any attempt, and takes the sender’s own', async () => {
    const s = await named('Amina', 'Warsame');
    const ref = await awaitingTransfer(t, s);
    const before = (await gatewayPayments()).length;
    const refused = await pay(t, s.token, ref, await tokenize(t, { name: 'Hodan Ali' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        type: 'urn:sarraf:error:InvalidInformation',
        message: CARD_NOT_IN_SENDER_NAME,
        property_path: 'card_token',
      },
    ]);
    expect((await gatewayPayments()).length).toBe(before);
    const payins = await t.deps.db
      .selectFrom('payins')
      .innerJoin('transfers', 'transfers.id', 'payins.transfer_id')
      .select('payins.id')
      .where('transfers.trans_ref', '=', ref)
      .execute();
    expect(payins).toEqual([]);
    // the same name in capitals, with accents or a middle name is the sender's
    const own = await pay(t, s.token, ref, await tokenize(t, { name: 'AMINA WÁRSAME' }), newKey());
    expect(own.status).toBe(200);
    expect(own.body.data.status).toBe('APPROVED');
  });

  it('answers a transfer no longer awaiting payment before the card’s name (the card is read beside it)', async () => {
    const s = await named('Amina', 'Warsame');
    const ref = await awaitingTransfer(t, s);
    expect((await pay(t, s.token, ref, await tokenize(t, { name: 'Amina Warsame' }))).status).toBe(200);
    const again = await pay(t, s.token, ref, await tokenize(t, { name: 'Hodan Ali' }));
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:InvalidTransition',
      message: 'This transfer is not waiting for payment',
    });
  });

  it('refuses a top-up by a card in another name', async () => {
    const s = await named('Amina', 'Warsame');
    const res = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: s.token,
      body: { currency: 'GBP', amount: '50.00', card_token: await tokenize(t, { name: 'Hodan Ali' }) },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ message: CARD_NOT_IN_SENDER_NAME, property_path: 'card_token' });
  });
});
