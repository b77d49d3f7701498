import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardGatewayRequestRefused } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import { sandboxCardGateway } from '../../../src/server/providers/card-gateway/sandbox-card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { paymentFor, tokenize } from './card-fixtures.ts';

describe.each(DATABASE_KINDS)('sandbox card void on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const gateway = () => sandboxCardGateway(t.deps.db, t.clock);
  const row = (id: string) =>
    t.deps.db
      .selectFrom('sandbox_card_payments')
      .select(['status', 'code', 'voided_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('releases an approval: the answer stays approved, marked voided; a repeat changes nothing', async () => {
    const paid = await gateway().authorize(paymentFor(await tokenize(t)));
    await gateway().void(paid.paymentId);
    const voided = await row(paid.paymentId);
    expect(voided).toMatchObject({ status: 'APPROVED', code: 'approved', voided_at: t.clock.now() });
    t.clock.advance(1000);
    await gateway().void(paid.paymentId);
    expect(await row(paid.paymentId)).toEqual(voided);
  });

  it('ends a waiting challenge declined, so passing it afterwards approves nothing', async () => {
    const waiting = await gateway().authorize(paymentFor(await tokenize(t, { number: '4000 0000 0000 3220' })));
    await gateway().void(waiting.paymentId);
    expect(await gateway().getPayment(waiting.paymentId)).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
    });
    const after = await gateway().completeChallenge(waiting.paymentId, 'success');
    expect(after?.payment.status).toBe('DECLINED');
  });

  it('leaves a declined payment as it is, and refuses an unknown one', async () => {
    const declined = await gateway().authorize(paymentFor(await tokenize(t, { number: '4000 0000 0000 0002' })));
    await gateway().void(declined.paymentId);
    expect(await row(declined.paymentId)).toMatchObject({ status: 'DECLINED', voided_at: null });
    await expect(gateway().void('pay_unknown')).rejects.toThrow(CardGatewayRequestRefused);
  });

  it('with a latency, has charged before its answer comes back', async () => {
    const slow = sandboxCardGateway(t.deps.db, t.clock, { latencyMs: 2000 });
    const request = paymentFor(await tokenize(t));
    let answered = false;
    const answer = slow.authorize(request).finally(() => {
      answered = true;
    });
    const charged = async () =>
      t.deps.db
        .selectFrom('sandbox_card_payments')
        .select('status')
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirst();
    let row = await charged();
    while (!row && !answered) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      row = await charged();
    }
    expect(answered).toBe(false);
    expect(row?.status).toBe('APPROVED');
    expect((await answer).status).toBe('APPROVED');
  });
});
