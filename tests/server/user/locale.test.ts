import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalPushEndpoint } from '../../support/local-push-endpoint.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const API = '/api/main';
const URN = 'urn:sarraf:error:';

describe.each(DATABASE_KINDS)("the customer's language on their profile, on %s", (kind) => {
  let t: TestApp;
  let pushService: LocalPushEndpoint;
  beforeAll(async () => {
    t = await createTestApp(kind);
    pushService = await LocalPushEndpoint.start();
  });
  afterAll(async () => {
    await pushService.close();
    await t.close();
  });

  const drain = () => new OutboxWorker(t.deps, outboxHandlers()).drain();
  const saveLocale = (token: string | undefined, body: unknown) =>
    t.call('POST', `${API}/user/locale`, { ...(token ? { token } : {}), body });
  const profileLocale = async (token: string) =>
    (await t.call('POST', `${API}/user/get`, { token, body: {} })).body.data.user.locale;

  it('keeps the chosen language for the next sign-in; refuses one we do not speak and a caller without a session', async () => {
    const token = await signedInCustomer(t, 'cus_locale_sahra', 'GB');
    expect(await profileLocale(token)).toBe('en-GB');

    const saved = await saveLocale(token, { locale: 'so' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ data: { locale: 'so' } });
    // the same choice again answers alike
    expect((await saveLocale(token, { locale: 'so' })).body).toEqual({ data: { locale: 'so' } });
    expect(await profileLocale(token)).toBe('so');

    for (const body of [{ locale: 'fr' }, { locale: 'SO' }, { locale: 12 }, {}]) {
      const refused = await saveLocale(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        type: `${URN}ValidationFailed`,
        property_path: 'locale',
      });
    }
    const anonymous = await saveLocale(undefined, { locale: 'sv' });
    expect(anonymous.status).toBe(401);
    expect(await profileLocale(token)).toBe('so');
  });

  it('a Swedish customer is e-mailed in Swedish once they switched', async () => {
    const token = await signedInCustomer(t, 'cus_locale_linnea', 'SE');
    const email = 'cus_locale_linnea@example.test';
    expect((await saveLocale(token, { locale: 'sv' })).status).toBe(200);

    expect((await t.call('POST', `${API}/user/reset-password`, { body: { email } })).status).toBe(202);
    await drain();
    const [message] = (await t.call('GET', `/sandbox/messages?to=${encodeURIComponent(email)}`)).body.data;
    expect(message.subject).toMatch(/^Din verifieringskod för Sarraf: \d{6}$/);
    expect(message.body).toContain('Den gäller i 10 minuter.');
    expect(message.body).toContain('Om du inte har bett om att återställa ditt lösenord hos Sarraf');
    expect(message.body).not.toMatch(/Your|password/);
  });

  it("a Somali customer's rate alert is pushed in Somali once they switched", async () => {
    const token = await signedInCustomer(t, 'cus_locale_ayaan', 'GB');
    expect((await saveLocale(token, { locale: 'so' })).status).toBe(200);
    const subscribed = await t.call('POST', `${API}/user/push-subscriptions`, {
      token,
      body: pushService.subscription('locale-ayaan'),
    });
    expect(subscribed.status).toBe(201);
    // the sandbox table's GBP→EUR is 1.15
    const alert = await t.call('POST', `${API}/remit/wallet/rate-alerts`, {
      token,
      body: { from_currency: 'GBP', to_currency: 'EUR', target_rate: '1.2' },
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    await t.call('POST', '/sandbox/fx-rates', { body: { from_currency: 'GBP', to_currency: 'EUR', rate: '1.21' } });
    try {
      await drain();
    } finally {
      await t.call('POST', '/sandbox/fx-rates', { body: { from_currency: 'GBP', to_currency: 'EUR', rate: '1.15' } });
    }
    const push = pushService.received.find((received) => received.path === '/push/locale-ayaan');
    expect(JSON.parse(push?.text ?? '{}')).toMatchObject({
      title: 'Digniinta sicirkaaga ee GBP ilaa EUR waa la gaaray',
      body: '1 GBP hadda wuxuu iibsanayaa 1.21 EUR (bartilmaameedkaaga: 1.2).',
      url: '/wallets',
      category: 'rate-alert',
    });
  });
});
