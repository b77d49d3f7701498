import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { awaitingTransfer, CARDS, payWith, sender } from '../transfers/transfer-fixtures.ts';
import { API, newKey } from './wallet-fixtures.ts';

describe.each(DATABASE_KINDS)('wallet statistics and transfers paid by card on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  it('counts top-ups as money in, and a transfer paid by card as neither in nor out', async () => {
    const s = await sender(t);
    for (const amount of ['300.00', '50.00']) {
      const top = await t.call('POST', `${API}/remit/wallet/top-up`, {
        token: s.token,
        body: { currency: 'GBP', amount, card_token: await tokenize(t, { number: CARDS.approves }) },
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(top.body.data.status).toBe('APPROVED');
    }
    const transRef = await awaitingTransfer(t, s);
    const paid = await payWith(t, s, transRef, CARDS.approves);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // the card payment passed through the wallet in the ledger: in and straight out again
    const passes = await t.deps.db
      .selectFrom('ledger_transactions')
      .select('kind')
      .where('reference', '=', transRef)
      .execute();
    expect(passes.map((row) => row.kind)).toContain('card_payment');

    const res = await t.call('GET', `${API}/remit/wallet/statistics`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data.at(-1)).toMatchObject({ money_in: '350.00', money_out: '0.00' });
  });
});
