import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { INDIA_BANK, KENYA_MOBILE, SOMALIA_CASH } from '../beneficiaries/beneficiary-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  payWith,
  type Sender,
  sender,
  TO_SOMALIA_CASH,
} from './transfer-fixtures.ts';

describe.each(DATABASE_KINDS)('the recipient told by SMS on %s', (kind) => {
  let t: TestApp;
  let step: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    step = t.deps.config.payoutStepSeconds * 1000;
  });
  afterAll(() => t.close());

  /** What the sandbox messaging provider sent to a number. */
  const texts = (to: string) =>
    t.deps.db
      .selectFrom('sandbox_messages')
      .select(['channel', 'body'])
      .where('recipient', '=', to)
      .orderBy('id')
      .execute();
  const events = async (s: Sender, ref: string) =>
    (await details(t, s.token, ref)).body.data.events.map((e: { event: string }) => e.event);

  async function paid(s: Sender): Promise<string> {
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    await drain(t);
    return ref;
  }

  async function stepAndDrain(): Promise<void> {
    t.clock.advance(step);
    await drain(t);
    await drain(t);
  }

  it('cash: an opted-in recipient in Somalia is told in Somali where to collect, once, and the sender sees it', async () => {
    const s = await sender(t, { ...SOMALIA_CASH, notify_by_sms: true }, TO_SOMALIA_CASH);
    const ref = await paid(s);
    expect(await texts('+252612345678')).toEqual([]);

    await stepAndDrain();
    const sent = await texts('+252612345678');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.channel).toBe('sms');
    expect(sent[0]?.body).toContain('Bakaara Market Agent, Bakaara Market, Hawl Wadaag District, Mogadishu');
    expect(sent[0]?.body).toContain(ref);
    expect(sent[0]?.body).toMatch(/^Sarraf: .+ ayaa kuu soo diray/);
    expect(await events(s, ref)).toEqual(['created', 'payment_approved', 'partner_accepted', 'recipient_told']);

    await stepAndDrain();
    expect(await events(s, ref)).toEqual([
      'created',
      'payment_approved',
      'partner_accepted',
      'recipient_told',
      'partner_paid',
    ]);
    await t.deps.db.updateTable('outbox_events').set({ status: 'pending', available_at: t.clock.now() }).execute();
    await drain(t);
    expect(await texts('+252612345678')).toHaveLength(1);
  });

  it('mobile money: the recipient is told in English when the money is deposited, not before', async () => {
    const s = await sender(t, { ...KENYA_MOBILE, notify_by_sms: true });
    const ref = await paid(s);
    await stepAndDrain();
    expect(await events(s, ref)).not.toContain('recipient_told');
    const to = KENYA_MOBILE.values.mobile.replace(/[ ]/g, '').replace(/^0/, '+254');
    const before = (await texts(to)).length;

    await stepAndDrain();
    const sent = (await texts(to)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(/^Sarraf: .+ sent you KES[\s\u00a0][\d,]+\.\d\d\. It is now in .+\.$/);
    expect(await events(s, ref)).toContain('recipient_told');
  });

  it('without the opt-in nobody is texted and the timeline says nothing', async () => {
    const s = await sender(
      t,
      { ...SOMALIA_CASH, values: { ...SOMALIA_CASH.values, mobile: '+252 61 765 4321' } },
      TO_SOMALIA_CASH,
    );
    const ref = await paid(s);
    await stepAndDrain();
    await stepAndDrain();
    expect(await texts('+252617654321')).toEqual([]);
    expect(await events(s, ref)).not.toContain('recipient_told');
  });

  it('the opt-in needs a mobile number on the form, and an update without it keeps it', async () => {
    const s = await sender(t);
    const refused = await t.call('POST', `${API}/api/v1/beneficiaries`, {
      token: s.token,
      body: { ...INDIA_BANK, notify_by_sms: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ type: 'urn:sarraf:error:ValidationFailed', property_path: 'notify_by_sms' }),
    ]);
    expect(
      await t.deps.db.selectFrom('beneficiaries').select('id').where('customer_id', '=', s.id).execute(),
    ).toHaveLength(1);

    const shown = await t.call('GET', `${API}/api/v1/beneficiaries/${s.beneficiaryId}`, { token: s.token });
    expect(shown.body.data.notify_by_sms).toBe(false);
    const opted = await t.call('PUT', `${API}/api/v1/beneficiaries/${s.beneficiaryId}`, {
      token: s.token,
      body: { values: shown.body.data.values, notify_by_sms: true },
    });
    expect(opted.status, JSON.stringify(opted.body)).toBe(200);
    expect(opted.body.data.notify_by_sms).toBe(true);
    const kept = await t.call('PUT', `${API}/api/v1/beneficiaries/${s.beneficiaryId}`, {
      token: s.token,
      body: { values: shown.body.data.values },
    });
    expect(kept.body.data.notify_by_sms).toBe(true);
  });
});
