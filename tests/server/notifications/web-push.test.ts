import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { PushPayload } from '../../../src/domain/sw-messages.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import {
  PUSH_ATTEMPTS,
  PUSH_DEFERRALS,
  PUSH_DELIVERY,
} from '../../../src/server/modules/notifications/push-sending.ts';
import { enqueueTransferStatusNotification } from '../../../src/server/modules/notifications/transfer-status-notification.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalPushEndpoint } from '../../support/local-push-endpoint.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const SUBSCRIPTIONS = '/api/main/user/push-subscriptions';

/** Verifies an ES256 JWT with a raw P-256 public key (base64url), as a push service checks VAPID (RFC 8292). */
function verifiedClaims(jwt: string, publicKey: string): Record<string, unknown> {
  const [header = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid, 'the VAPID signature verifies with the public key').toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}

/** The real sender (PUSH=webpush) with a configured VAPID pair, as production runs it. */
const vapidKeys = webPush.generateVAPIDKeys();
const REAL_PUSH = {
  vapid: { ...vapidKeys, subject: 'mailto:ops@sarraf.example' },
  providers: { ...loadConfig({}).providers, push: { kind: 'webpush' as const } },
};

describe.each(DATABASE_KINDS)('web push to a push service (PUSH=webpush) on %s', (kind) => {
  let t: TestApp;
  let pushService: LocalPushEndpoint;
  let amina: string;
  let omar: string;
  let transfers = 0;

  const drain = () => new OutboxWorker(t.deps, outboxHandlers()).drain();
  const subscriptionsOf = (customerId: string) =>
    t.deps.db.selectFrom('push_subscriptions').selectAll().where('customer_id', '=', customerId).execute();
  /** A status change of one of the customer's transfers, queued as the transfer code queues it. */
  async function statusChange(customerId: string) {
    transfers += 1;
    const transRef = `TR${String(transfers).padStart(8, '0')}`;
    await t.deps.db.transaction().execute((trx) =>
      enqueueTransferStatusNotification(
        trx,
        {
          customer_id: customerId,
          trans_ref: transRef,
          status: 'PAID',
          label: 'completed',
          beneficiary_name: 'Hodan Ali',
          receive_amount: '12500.00',
          dest_currency: 'KES',
        },
        t.clock,
      ),
    );
    return transRef;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, REAL_PUSH);
    pushService = await LocalPushEndpoint.start();
  });
  afterAll(async () => {
    await pushService.close();
    await t.close();
  });

  it('sends a real encrypted, VAPID-signed push on a transfer status change, which the subscription keys decrypt', async () => {
    amina = await signedInCustomer(t, 'cus_push_amina', 'GB');
    const key = await t.call('GET', `${SUBSCRIPTIONS}/key`);
    expect(key.status).toBe(200);
    const publicKey: string = key.body.data.public_key;
    expect(publicKey).toBe(vapidKeys.publicKey);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);

    const subscribed = await t.call('POST', SUBSCRIPTIONS, { token: amina, body: pushService.subscription('amina') });
    expect(subscribed.status).toBe(201);
    expect(subscribed.body.data.id).toMatch(/^psub_/);

    const transRef = await statusChange('cus_push_amina');
    await drain();

    expect(pushService.received).toHaveLength(1);
    const [push] = pushService.received;
    expect(push?.path).toBe('/push/amina');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    // a transfer's news: held a day for an offline device, and worth waking it for
    expect(push?.headers.ttl).toBe(String(PUSH_DELIVERY.transactions?.ttlSeconds));
    expect(PUSH_DELIVERY.transactions?.ttlSeconds).toBe(86_400);
    expect(push?.headers.urgency).toBe('high');
    const payload = JSON.parse(push?.text ?? '');
    expect(PushPayload.is(payload)).toBe(true);
    expect(payload).toEqual({
      title: 'Your money has been delivered',
      body: 'KES\u00a012,500.00 to Hodan Ali',
      url: `/transfers/${transRef}`,
      tag: `transfer-${transRef}`,
      category: 'transactions',
    });

    const vapid = /^vapid t=([\w.-]+), k=([\w-]+)$/.exec(String(push?.headers.authorization));
    const [, jwt, k] = vapid ?? [];
    expect(k).toBe(publicKey);
    const claims = verifiedClaims(jwt ?? '', publicKey);
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe('mailto:ops@sarraf.example');
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());

    // a repeated delivery of the same event pushes nothing twice
    await drain();
    expect(pushService.received).toHaveLength(1);
  });

  it('moves a replaced subscription to its new endpoint for the browser that proves the old one, and only for it', async () => {
    const hodan = await signedInCustomer(t, 'cus_push_hodan', 'GB');
    const old = pushService.subscription('hodan-old');
    expect((await t.call('POST', SUBSCRIPTIONS, { token: hodan, body: old })).status).toBe(201);
    const renew = (proof: { endpoint: string; auth: string }, next: object) =>
      t.call('POST', `${SUBSCRIPTIONS}/renew`, { body: { old: proof, new: next } });

    // a stranger who knows the endpoint but not its secret, or names no subscription at all: the same 404
    const wrongSecret = await renew({ endpoint: old.endpoint, auth: 'A'.repeat(22) }, pushService.subscription('x'));
    const nobody = await renew(
      { endpoint: `${old.endpoint}-none`, auth: old.keys.auth },
      pushService.subscription('x'),
    );
    for (const refused of [wrongSecret, nobody]) {
      expect(refused.status).toBe(404);
      expect(refused.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
    }
    const plain = await renew(
      { endpoint: old.endpoint, auth: old.keys.auth },
      { ...old, endpoint: 'ftp://push.example/1' },
    );
    expect(plain.status).toBe(400);
    expect((await subscriptionsOf('cus_push_hodan')).map((row) => row.endpoint)).toEqual([old.endpoint]);

    // the worker's renewal: the customer's pushes go to the new endpoint from now on
    expect(
      (await renew({ endpoint: old.endpoint, auth: old.keys.auth }, pushService.subscription('hodan-new'))).status,
    ).toBe(204);
    expect((await subscriptionsOf('cus_push_hodan')).map((row) => row.endpoint)).toEqual([
      pushService.subscription('hodan-new').endpoint,
    ]);
    const before = pushService.received.length;
    await statusChange('cus_push_hodan');
    await drain();
    expect(pushService.received.slice(before).map((push) => push.path)).toEqual(['/push/hodan-new']);
    // the old proof is spent
    expect((await renew({ endpoint: old.endpoint, auth: old.keys.auth }, pushService.subscription('y'))).status).toBe(
      404,
    );
  });

  it('binds an endpoint to one customer: another cannot take it over or remove it', async () => {
    omar = await signedInCustomer(t, 'cus_push_omar', 'GB');
    const taken = await t.call('POST', SUBSCRIPTIONS, { token: omar, body: pushService.subscription('amina') });
    expect(taken.status).toBe(409);
    expect(taken.body.errors[0].type).toBe('urn:sarraf:error:PushSubscriptionTaken');
    const removed = await t.call('POST', `${SUBSCRIPTIONS}/remove`, {
      token: omar,
      body: { endpoint: pushService.subscription('amina').endpoint },
    });
    expect(removed.status).toBe(204);
    expect(await subscriptionsOf('cus_push_amina')).toHaveLength(1);
    expect(await subscriptionsOf('cus_push_omar')).toHaveLength(0);
    // subscribing again as the owner only refreshes it
    const again = await t.call('POST', SUBSCRIPTIONS, { token: amina, body: pushService.subscription('amina') });
    expect(again.status).toBe(201);
    expect(await subscriptionsOf('cus_push_amina')).toHaveLength(1);
  });

  it('refuses bad subscriptions with a 400 and stores nothing', async () => {
    const good = pushService.subscription('bad');
    const bad = [
      { ...good, endpoint: 'http://push.example/abc' },
      { ...good, endpoint: 'ftp://127.0.0.1/abc' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const res = await t.call('POST', SUBSCRIPTIONS, { token: omar, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('POST', SUBSCRIPTIONS, { body: good })).status).toBe(401);
    expect(await subscriptionsOf('cus_push_omar')).toHaveLength(0);
  });

  it.each([410, 404])('drops a subscription the push service says is gone (%i)', async (status) => {
    const { customerId, token } = await subscribed(`gone${status}`);
    pushService.status = status;
    try {
      await statusChange(customerId);
      await drain();
    } finally {
      pushService.status = 201;
    }
    expect(requestsTo(`gone${status}`)).toHaveLength(1);
    expect(await subscriptionsOf(customerId)).toHaveLength(0);
    const notifications = await t.call('GET', '/api/main/user/messages', { token });
    expect(notifications.body.data).toHaveLength(1);
  });

  it('retries a failing push service with backoff, then drops the dead subscription; the notification is kept', async () => {
    const idil = await signedInCustomer(t, 'cus_push_idil', 'GB');
    expect((await t.call('POST', SUBSCRIPTIONS, { token: idil, body: pushService.subscription('idil') })).status).toBe(
      201,
    );
    pushService.status = 500;
    try {
      await statusChange('cus_push_idil');
      await drain();
      expect((await t.call('GET', '/api/main/user/messages', { token: idil })).body.data).toHaveLength(1);
      for (let attempt = 2; attempt <= PUSH_ATTEMPTS; attempt++) {
        expect(await subscriptionsOf('cus_push_idil')).toHaveLength(1);
        t.clock.advance(60_000);
        await drain();
      }
    } finally {
      pushService.status = 201;
    }
    expect(await subscriptionsOf('cus_push_idil')).toHaveLength(0);
    const events = await t.deps.db
      .selectFrom('outbox_events')
      .select(['status', 'attempts'])
      .where('topic', '=', 'push.send')
      .where('last_error', 'is not', null)
      .execute();
    expect(events).toEqual([{ status: 'done', attempts: PUSH_ATTEMPTS }]);
  });

  /** A customer with one subscription at `/push/<name>` on the local push service. */
  async function subscribed(name: string): Promise<{ customerId: string; token: string }> {
    const customerId = `cus_push_${name}`;
    const token = await signedInCustomer(t, customerId, 'GB');
    expect((await t.call('POST', SUBSCRIPTIONS, { token, body: pushService.subscription(name) })).status).toBe(201);
    return { customerId, token };
  }
  const requestsTo = (name: string) => pushService.requests.filter((request) => request.path === `/push/${name}`);

  it('waits as long as a 429 says (Retry-After), then delivers, keeping the subscription', async () => {
    const { customerId } = await subscribed('layla');
    pushService.status = 429;
    pushService.retryAfter = '120';
    try {
      await statusChange(customerId);
      await drain();
      expect(requestsTo('layla')).toHaveLength(1);
      t.clock.advance(119_000);
      await drain();
      expect(requestsTo('layla'), 'not before the Retry-After has passed').toHaveLength(1);
    } finally {
      pushService.status = 201;
      pushService.retryAfter = undefined;
    }
    t.clock.advance(1_000);
    await drain();
    expect(requestsTo('layla')).toHaveLength(2);
    expect(pushService.received.filter((push) => push.path === '/push/layla')).toHaveLength(1);
    expect(await subscriptionsOf(customerId)).toHaveLength(1);
  });

  it('gives a push up after repeated 429s, without dropping the subscription', async () => {
    const { customerId } = await subscribed('sahra');
    pushService.status = 429;
    pushService.retryAfter = new Date(Date.now() + 30_000).toUTCString();
    try {
      await statusChange(customerId);
      for (let round = 0; round <= PUSH_DEFERRALS + 1; round++) {
        await drain();
        t.clock.advance(60_000);
      }
    } finally {
      pushService.status = 201;
      pushService.retryAfter = undefined;
    }
    expect(requestsTo('sahra')).toHaveLength(PUSH_DEFERRALS + 1);
    expect(await subscriptionsOf(customerId)).toHaveLength(1);
  });

  it('ends a push the push service finds too large (413) without retrying or dropping the subscription', async () => {
    const { customerId } = await subscribed('fadumo');
    pushService.status = 413;
    try {
      await statusChange(customerId);
      await drain();
      t.clock.advance(10 * 60_000);
      await drain();
    } finally {
      pushService.status = 201;
    }
    expect(requestsTo('fadumo')).toHaveLength(1);
    expect(await subscriptionsOf(customerId)).toHaveLength(1);
  });

  it("sign-out removes the session's subscription", async () => {
    const hawa = await signedInCustomer(t, 'cus_push_hawa', 'GB');
    expect((await t.call('POST', SUBSCRIPTIONS, { token: hawa, body: pushService.subscription('hawa') })).status).toBe(
      201,
    );
    expect((await t.call('POST', '/api/main/user/logout', { token: hawa })).status).toBe(200);
    expect(await subscriptionsOf('cus_push_hawa')).toHaveLength(0);
  });

  it("says it in the customer's language: the bell's own texts from their catalog", async () => {
    const ayaan = await signedInCustomer(t, 'cus_push_ayaan', 'GB');
    await t.deps.db.updateTable('customers').set({ locale: 'so' }).where('id', '=', 'cus_push_ayaan').execute();
    expect(
      (await t.call('POST', SUBSCRIPTIONS, { token: ayaan, body: pushService.subscription('ayaan') })).status,
    ).toBe(201);
    const transRef = await statusChange('cus_push_ayaan');
    await drain();
    const push = pushService.received.find((received) => received.path === '/push/ayaan');
    expect(JSON.parse(push?.text ?? '{}')).toMatchObject({
      title: 'Lacagtaada waa la gaarsiiyay',
      body: 'KES\u00a012,500.00 loo diray Hodan Ali',
      url: `/transfers/${transRef}`,
    });
  });
});

describe('web push endpoints outside the sandbox', () => {
  it('must be https: the local test endpoint is for the sandbox only', async () => {
    const t = await createTestApp('pglite', { sandbox: false });
    const pushService = await LocalPushEndpoint.start();
    try {
      const token = await signedInCustomer(t, 'cus_push_prod', 'GB');
      const local = await t.call('POST', SUBSCRIPTIONS, { token, body: pushService.subscription('prod') });
      expect(local.status).toBe(400);
      expect(local.body.errors[0].property_path).toBe('endpoint');
      const https = { ...pushService.subscription('prod'), endpoint: 'https://push.example/abc' };
      expect((await t.call('POST', SUBSCRIPTIONS, { token, body: https })).status).toBe(201);
    } finally {
      await pushService.close();
      await t.close();
    }
  });
});
