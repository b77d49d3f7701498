import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { API, CARDS, drain, type Sender, sender } from '../transfers/transfer-fixtures.ts';
import {
  clockTo,
  createSchedule,
  notificationsOf,
  paidTransfer,
  scheduleOk,
  transfersOf,
} from './schedule-fixtures.ts';

/** A schedule paid by a saved card the customer allowed us to charge: each run is a card-on-file payment. */
describe.each(DATABASE_KINDS)('scheduled transfers paid by card on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const save = async (s: Sender, number: string): Promise<string> => {
    const res = await t.call('POST', `${API}/remit/card/add`, {
      token: s.token,
      body: { single_use_token: await tokenize(t, { number }) },
    });
    expect(res.status).toBe(201);
    return res.body.data.card_id;
  };
  const tomorrow = () => new Date(t.clock.now().getTime() + 864e5).toISOString().slice(0, 10);

  it('a run charges the saved card and sends; a card whose bank asks to confirm waits for the customer, who is told', async () => {
    const s = await sender(t);
    const from = await paidTransfer(t, s);
    const approves = await save(s, CARDS.approves);
    const challenged = await save(s, CARDS.challenge);
    const body = {
      trans_ref: from,
      frequency: 'once',
      start_date: tomorrow(),
      end_type: 'never',
      payment_type: 'card',
    };

    const noConsent = await createSchedule(t, s, { ...body, saved_card_id: approves });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors[0].property_path).toBe('card_consent');

    const paid = await scheduleOk(t, s, { ...body, saved_card_id: approves, card_consent: true });
    expect(paid).toMatchObject({ payment_type: 'card', saved_card_id: approves });
    const waiting = await scheduleOk(t, s, { ...body, saved_card_id: challenged, card_consent: true });

    clockTo(t, `${body.start_date}T06:00:00Z`);
    await drain(t);
    const [sent] = await transfersOf(t, paid.id);
    expect(sent?.funded_at).not.toBeNull();
    const [held] = await transfersOf(t, waiting.id);
    expect(held).toMatchObject({ status: 'AWAITING', funded_at: null });

    const told = await notificationsOf(t, s.id);
    expect(told.find((n) => n.key === 'schedule.sent')?.params.trans_ref).toBe(sent?.trans_ref);
    expect(told.find((n) => n.key === 'schedule.confirm')?.params.trans_ref).toBe(held?.trans_ref);
    const charges = await t.deps.db
      .selectFrom('sandbox_card_payments')
      .select('reference')
      .where('reference', 'in', [sent?.trans_ref ?? '', held?.trans_ref ?? ''])
      .execute();
    expect(charges.length).toBe(2);
  });
});
