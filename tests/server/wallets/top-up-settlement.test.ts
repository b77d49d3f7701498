import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardGateway } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { answerChallenge, CARDS, drain } from '../transfers/transfer-fixtures.ts';
import { API, type Holder, holder, newKey, walletBalance } from './wallet-fixtures.ts';

/**
 * A top-up nobody came back for (the customer left during 3-D Secure, the
 * server died while it asked the gateway) is settled by `payin.reconcile`,
 * and one left in 3-D Secure past its deadline is abandoned and voided.
 */
describe.each(DATABASE_KINDS)('abandoned top-up settlement on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const reconcileDelayMs = () => t.deps.config.paymentReconcileSeconds * 1000;
  const minutes = (n: number) => n * 60_000;

  async function topUp(h: Holder, number: string) {
    const res = await t.call('POST', `${API}/remit/wallet/top-up`, {
      token: h.token,
      body: { currency: 'GBP', amount: '30.00', card_token: await tokenize(t, { number }) },
      headers: { 'Idempotency-Key': newKey() },
    });
    return res;
  }
  const row = (id: string) => t.deps.db.selectFrom('payins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const gatewayPayment = (reference: string) =>
    t.deps.db
      .selectFrom('sandbox_card_payments')
      .select(['status', 'code', 'voided_at'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  it('credits a top-up whose challenge was passed though the customer never came back', async () => {
    const h = await holder(t);
    const res = await topUp(h, CARDS.challenge);
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await row(res.body.data.id)).status).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);
  });

  it('abandons a top-up left in 3-D Secure past its deadline: never credited, its payment voided', async () => {
    const h = await holder(t);
    const res = await topUp(h, CARDS.challenge);
    const id: string = res.body.data.id;
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await row(id)).status).toBe('WAITING');

    t.clock.advance(minutes(30));
    await drain(t);
    expect((await row(id)).status).toBe('ABANDONED');
    expect(await gatewayPayment(id)).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
      voided_at: expect.any(Date),
    });
    const seen = await t.call('GET', `${API}/remit/wallet/top-up/${id}`, { token: h.token });
    expect(seen.body.data).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
      challenge_url: null,
      balance: '0.00',
    });
    // the challenge page, answered late, changes nothing
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    expect((await t.call('GET', `${API}/remit/wallet/top-up/${id}`, { token: h.token })).body.data.status).toBe(
      'DECLINED',
    );
    expect(await walletBalance(t, h.id, 'GBP')).toBeUndefined();
    await drain(t);
    const checks = await t.deps.db
      .selectFrom('outbox_events')
      .select('id')
      .where('topic', '=', 'payin.reconcile')
      .where('processed_at', 'is', null)
      .where(sql`payload->>'payin_id'`, '=', id)
      .execute();
    expect(checks).toEqual([]);
  });

  it('never abandons an approval that arrived in time, even when the check runs late', async () => {
    const h = await holder(t);
    const res = await topUp(h, CARDS.challenge);
    await answerChallenge(t, res.body.data.challenge_url, 'success');
    t.clock.advance(minutes(45));
    await drain(t);
    expect((await row(res.body.data.id)).status).toBe('APPROVED');
    expect((await gatewayPayment(res.body.data.id)).voided_at).toBeNull();
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);
  });

  it('settles a top-up the server died on while asking the gateway, as the gateway decided', async () => {
    const h = await holder(t);
    const gateway = t.deps.providers.cardGateway;
    const dying: CardGateway = {
      ...gateway,
      async authorize(request) {
        await gateway.authorize(request);
        throw new Error('the server died here');
      },
    };
    t.deps.providers.cardGateway = dying;
    let res: Awaited<ReturnType<typeof topUp>>;
    try {
      res = await topUp(h, CARDS.approves);
      expect(res.status).toBe(500);
    } finally {
      t.deps.providers.cardGateway = gateway;
    }
    const [open] = await t.deps.db.selectFrom('payins').selectAll().where('customer_id', '=', h.id).execute();
    expect(open?.status).toBe('PROCESSING');
    t.clock.advance(reconcileDelayMs());
    await drain(t);
    expect((await row(open?.id ?? '')).status).toBe('APPROVED');
    expect(await walletBalance(t, h.id, 'GBP')).toBe(30_00n);
  });
});
