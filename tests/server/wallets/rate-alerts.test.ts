import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_ALERT_LIMIT } from '../../../src/domain/rate-alerts.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { drain } from '../transfers/transfer-fixtures.ts';
import { API, errorOf, type Holder, holder } from './wallet-fixtures.ts';

describe.each(DATABASE_KINDS)('rate alerts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const create = (h: Holder, body: unknown) =>
    t.call('POST', `${API}/remit/wallet/rate-alerts`, { token: h.token, body });
  const list = (h: Holder) => t.call('GET', `${API}/remit/wallet/rate-alerts`, { token: h.token });
  const remove = (h: Holder, id: string) =>
    t.call('POST', `${API}/remit/wallet/rate-alerts/delete`, { token: h.token, body: { alert_id: id } });
  /** The sandbox feed's rate control. */
  const setRate = (from: string, to: string, rate: string) =>
    t.call('POST', '/sandbox/fx-rates', { body: { from_currency: from, to_currency: to, rate } });
  const notificationsOf = (id: string) =>
    t.deps.db.selectFrom('notifications').selectAll().where('customer_id', '=', id).execute();

  it('fires once when the feed reaches the target from its side, with a notification; the other waits', async () => {
    const h = await holder(t);
    // the sandbox table's GBP→EUR is 1.15
    const up = await create(h, { from_currency: 'GBP', to_currency: 'EUR', target_rate: '1.2000' });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({
      target_rate: '1.2',
      direction: 'above',
      rate_at_creation: '1.15',
      status: 'ACTIVE',
      fired_at: null,
    });
    const down = await create(h, { from_currency: 'GBP', to_currency: 'EUR', target_rate: '1.1' });
    expect(down.body.data.direction).toBe('below');

    await drain(t);
    expect((await list(h)).body.data.map((a: { status: string }) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);

    expect((await setRate('GBP', 'EUR', '1.21')).status).toBe(201);
    await drain(t);
    // both were created at the same instant of the test's clock: find each by id, not by place
    const alerts: { id: string }[] = (await list(h)).body.data;
    const first = alerts.find((a) => a.id === up.body.data.id);
    const second = alerts.find((a) => a.id === down.body.data.id);
    expect(first).toMatchObject({ id: up.body.data.id, status: 'FIRED', fired_rate: '1.21' });
    expect(second).toMatchObject({ id: down.body.data.id, status: 'ACTIVE' });
    const notes = await notificationsOf(h.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ category: 'wallet', title_key: 'rate_alert.reached' });
    expect(notes[0]?.params).toMatchObject({ from_currency: 'GBP', to_currency: 'EUR', rate: '1.21' });

    // checked again at the same rate: it never fires twice
    await setRate('GBP', 'EUR', '1.25');
    await drain(t);
    expect(await notificationsOf(h.id)).toHaveLength(1);
    await setRate('GBP', 'EUR', '1.15');
    await drain(t);
  });

  it('refuses bad pairs and rates in SPEC shape, limits the count, and keeps alerts to their owner', async () => {
    const h = await holder(t);
    for (const [body, field] of [
      [{ from_currency: 'GBP', to_currency: 'GBP', target_rate: '1' }, 'to_currency'],
      [{ from_currency: 'GBP', to_currency: 'KES', target_rate: '1' }, 'to_currency'],
      [{ from_currency: 'GBP', to_currency: 'EUR', target_rate: '0' }, 'target_rate'],
      [{ from_currency: 'GBP', to_currency: 'EUR', target_rate: '-1' }, 'target_rate'],
      [{ from_currency: 'GBP', to_currency: 'EUR', target_rate: '1.123456789' }, 'target_rate'],
      [{ from_currency: 'GBP', to_currency: 'EUR' }, 'target_rate'],
    ] as const) {
      const res = await create(h, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body).property_path).toBe(field);
    }
    expect((await list(h)).body.data).toEqual([]);

    for (let i = 0; i < RATE_ALERT_LIMIT; i++) {
      expect((await create(h, { from_currency: 'GBP', to_currency: 'USD', target_rate: `2.${i}` })).status).toBe(201);
    }
    const over = await create(h, { from_currency: 'GBP', to_currency: 'USD', target_rate: '3' });
    expect(over.status).toBe(422);
    expect(errorOf(over.body).type).toBe('urn:sarraf:error:RateAlertLimitReached');

    const [newest] = (await list(h)).body.data;
    const stranger = await holder(t);
    expect((await remove(stranger, newest.id)).status).toBe(404);
    expect((await list(stranger)).body.data).toEqual([]);
    const left = await remove(h, newest.id);
    expect(left.status).toBe(200);
    expect(left.body.data).toHaveLength(RATE_ALERT_LIMIT - 1);
    expect((await remove(h, newest.id)).status).toBe(404);
    expect((await create(h, { from_currency: 'GBP', to_currency: 'USD', target_rate: '3' })).status).toBe(201);
  });
});
