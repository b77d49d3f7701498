import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { CALLBACK_SIGNATURE_HEADER, signCallback } from '../../../src/server/providers/callback-signature.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  answerChallenge,
  awaitingTransfer,
  CARDS,
  details,
  ledgerKinds,
  payWith,
  type Sender,
  sender,
} from '../transfers/transfer-fixtures.ts';

const HOOK = '/api/hooks/payments/sandbox';
const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);

/**
 * The card gateway's signed webhooks settle a payment through the pay-in
 * lifecycle the moment the gateway decides it: the customer who passed 3-D
 * Secure and closed the tab is booked at once, not at the reconciler's next
 * poll. Forged, replayed, unknown and out-of-order notifications change
 * nothing.
 */
describe.each(DATABASE_KINDS)('payment webhooks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // during a key's rotation both are accepted; the sandbox gateway signs with the first
    t = await createTestApp(kind, {
      sandboxGatewayWebhooks: true,
      paymentWebhookKeys: { keys: [NEW_KEY, OLD_KEY], ephemeral: false },
    });
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  async function challenged(): Promise<{ s: Sender; ref: string; challengeUrl: string; paymentId: string }> {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.challenge);
    expect(res.body.data.status).toBe('WAITING');
    const challengeUrl: string = res.body.data.challenge_url;
    return { s, ref, challengeUrl, paymentId: challengeUrl.split('/').pop() ?? '' };
  }

  const payinOf = (paymentId: string) =>
    t.deps.db.selectFrom('payins').selectAll().where('gateway_payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const notifications = () => t.deps.db.selectFrom('payin_notifications').selectAll().execute();

  function post(body: string, signature: string | undefined) {
    return t.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { [CALLBACK_SIGNATURE_HEADER]: signature } : {}) },
      body,
    });
  }

  function notification(paymentId: string, key: Uint8Array, id = `ntf_${randomBytes(8).toString('hex')}`) {
    const body = JSON.stringify({ notifications: [{ id, payment_id: paymentId }] });
    return { id, body, signature: signCallback(key, body, t.clock.now()) };
  }

  it('funds the transfer as the challenge is passed, though the browser never comes back', async () => {
    const { s, ref, challengeUrl, paymentId } = await challenged();
    const started = performance.now();
    await answerChallenge(t, challengeUrl, 'success'); // the bank's page; the customer then closes the tab
    const elapsed = performance.now() - started;
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
    expect(elapsed).toBeLessThan(1000);
    // nobody asked payment-status: the gateway's notification did it
    const transfer = await details(t, s.token, ref);
    expect(transfer.body.data).toMatchObject({ status: 'PENDING', payment_type: 'card' });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
    expect(await notifications()).toContainEqual(
      expect.objectContaining({ provider: 'sandbox', gateway_payment_id: paymentId, payin_id: expect.any(String) }),
    );
  });

  it('refuses a notification whose signature does not hold, and one without any; nothing changes', async () => {
    const { paymentId } = await challenged();
    const forged = notification(paymentId, randomBytes(32));
    for (const signature of [forged.signature, undefined, 't=1,v1=00']) {
      const res = await post(forged.body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        errors: [
          {
            type: 'urn:sarraf:error:Unauthorized',
            message: 'The notification signature does not hold',
            property_path: null,
          },
        ],
      });
    }
    expect((await payinOf(paymentId)).status).toBe('WAITING');
    expect((await notifications()).filter((row) => row.id === forged.id)).toEqual([]);
  });

  it('takes a notification signed with the older key while both are configured', async () => {
    const { paymentId } = await challenged();
    // the bank decided, but its notification is lost; a later one, under the old key, arrives
    expect((await payinOf(paymentId)).status).toBe('WAITING');
    await t.deps.db
      .updateTable('sandbox_card_payments')
      .set({ status: 'APPROVED', code: 'approved' })
      .where('id', '=', paymentId)
      .execute();
    const late = notification(paymentId, OLD_KEY);
    expect((await post(late.body, late.signature)).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
  });

  it('acts on a notification delivered twice once, and on one out of order not at all', async () => {
    const { ref, challengeUrl, paymentId } = await challenged();
    await answerChallenge(t, challengeUrl, 'success');
    const again = notification(paymentId, NEW_KEY);
    for (let i = 0; i < 3; i += 1) expect((await post(again.body, again.signature)).status).toBe(200);
    expect((await notifications()).filter((row) => row.id === again.id)).toHaveLength(1);
    // the gateway now says declined (out of order, or wrong): the booked payment stays booked
    await t.deps.db
      .updateTable('sandbox_card_payments')
      .set({ status: 'DECLINED', code: 'payment_was_declined_by_bank' })
      .where('id', '=', paymentId)
      .execute();
    const contrary = notification(paymentId, NEW_KEY);
    expect((await post(contrary.body, contrary.signature)).status).toBe(200);
    expect((await payinOf(paymentId)).status).toBe('APPROVED');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('records a notification for a payment it does not know, and changes nothing', async () => {
    const unknown = notification('pay_unknown', NEW_KEY);
    const res = await post(unknown.body, unknown.signature);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { received: 1 } });
    expect((await notifications()).filter((row) => row.id === unknown.id)).toEqual([
      expect.objectContaining({ gateway_payment_id: 'pay_unknown', payin_id: null }),
    ]);
  });

  it('answers 404 for a gateway that is not the configured one', async () => {
    const { body, signature } = notification('pay_x', NEW_KEY);
    expect(
      (
        await t.app.request('/api/hooks/payments/adyen', {
          method: 'POST',
          body,
          headers: { [CALLBACK_SIGNATURE_HEADER]: signature },
        })
      ).status,
    ).toBe(404);
  });
});

describe('PAYMENT_WEBHOOK_KEYS', () => {
  it('takes one or more base64url keys of 32 bytes or more, and refuses a shorter one by name', () => {
    const key = () => randomBytes(32).toString('base64url');
    expect(loadConfig({ PAYMENT_WEBHOOK_KEYS: `${key()}, ${key()}` }).paymentWebhookKeys.keys).toHaveLength(2);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_KEYS: `${key()},c2hvcnQ` })).toThrow(/PAYMENT_WEBHOOK_KEYS/);
    expect(loadConfig({}).paymentWebhookKeys.ephemeral).toBe(true);
  });
});
