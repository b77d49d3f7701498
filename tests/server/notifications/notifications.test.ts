import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const MINUTE = 60_000;

describe.each(DATABASE_KINDS)('notifications on %s', (kind) => {
  let t: TestApp;
  let amina: string;
  let omar: string;

  /** A transfer-status notification as the outbox handler writes it, at the clock's time. */
  async function insertStatusNotification(id: string, customerId: string, label: string, status: string) {
    await t.deps.db
      .insertInto('notifications')
      .values({
        id,
        customer_id: customerId,
        category: 'transactions',
        title_key: `transfer_status.${label}`,
        params: JSON.stringify({
          trans_ref: `TR-${id}`,
          status,
          beneficiary_name: 'Hodan Ali',
          receive_amount: '12500.00',
          dest_currency: 'KES',
        }),
        created_at: t.clock.now(),
        viewed_at: null,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await signedInCustomer(t, 'cus_amina', 'GB');
    omar = await signedInCustomer(t, 'cus_omar', 'GB');
    await insertStatusNotification('ntf_a1', 'cus_amina', 'processing', 'PROCESSING');
    t.clock.advance(MINUTE);
    await insertStatusNotification('ntf_a2', 'cus_amina', 'completed', 'PAID');
    await insertStatusNotification('ntf_o1', 'cus_omar', 'canceled', 'CANCELED');
  });
  afterAll(() => t.close());

  it('needs a session', async () => {
    expect((await t.call('GET', '/api/main/user/messages')).status).toBe(401);
    expect((await t.call('POST', '/api/main/user/messages/ntf_a1/viewed')).status).toBe(401);
  });

  it("lists only the customer's own notifications, newest first, all new", async () => {
    const res = await t.call('GET', '/api/main/user/messages', { token: amina });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: 'ntf_a2',
        category: 'transactions',
        title_key: 'transfer_status.completed',
        params: {
          trans_ref: 'TR-ntf_a2',
          status: 'PAID',
          beneficiary_name: 'Hodan Ali',
          receive_amount: '12500.00',
          dest_currency: 'KES',
        },
        created_at: '2026-01-15T10:01:00.000Z',
        viewed: false,
      },
      expect.objectContaining({ id: 'ntf_a1', title_key: 'transfer_status.processing', viewed: false }),
    ]);
  });

  it('answers 404 for another customer’s notification and changes nothing', async () => {
    const res = await t.call('POST', '/api/main/user/messages/ntf_o1/viewed', { token: amina });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:NotFound');
    const omars = await t.call('GET', '/api/main/user/messages', { token: omar });
    expect(omars.body.data).toEqual([expect.objectContaining({ id: 'ntf_o1', viewed: false })]);
    const unknown = await t.call('POST', '/api/main/user/messages/ntf_nothing/viewed', { token: amina });
    expect(unknown.status).toBe(404);
  });

  it('marks one viewed, keeping the first viewing time when repeated', async () => {
    t.clock.advance(MINUTE);
    const res = await t.call('POST', '/api/main/user/messages/ntf_a1/viewed', { token: amina });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: 'ntf_a1', viewed: true });
    const firstViewed = await t.deps.db
      .selectFrom('notifications')
      .select('viewed_at')
      .where('id', '=', 'ntf_a1')
      .executeTakeFirstOrThrow();

    t.clock.advance(MINUTE);
    expect((await t.call('POST', '/api/main/user/messages/ntf_a1/viewed', { token: amina })).status).toBe(200);
    const again = await t.deps.db
      .selectFrom('notifications')
      .select('viewed_at')
      .where('id', '=', 'ntf_a1')
      .executeTakeFirstOrThrow();
    expect(again.viewed_at).toEqual(firstViewed.viewed_at);

    const list = await t.call('GET', '/api/main/user/messages', { token: amina });
    expect(list.body.data.map((n: { id: string; viewed: boolean }) => [n.id, n.viewed])).toEqual([
      ['ntf_a2', false],
      ['ntf_a1', true],
    ]);
  });

  it('lists at most 50, the newest ones', async () => {
    const many = await signedInCustomer(t, 'cus_many', 'GB');
    for (let i = 0; i < 52; i++) {
      t.clock.advance(MINUTE);
      await insertStatusNotification(`ntf_m${String(i).padStart(2, '0')}`, 'cus_many', 'processing', 'PROCESSING');
    }
    const res = await t.call('GET', '/api/main/user/messages', { token: many });
    expect(res.body.data).toHaveLength(50);
    expect(res.body.data[0].id).toBe('ntf_m51');
    expect(res.body.data[49].id).toBe('ntf_m02');
  });
});
