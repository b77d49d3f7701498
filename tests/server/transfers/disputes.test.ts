import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { API, awaitingTransfer, CARDS, newKey, payWith, type Sender, sender } from './transfer-fixtures.ts';

const URN = 'urn:sarraf:error:';
const DAY = 24 * 60 * 60 * 1000;
const PROBLEM = { reason: 'not_received', description: 'My brother says nothing arrived.' };

describe.each(DATABASE_KINDS)('reporting a problem with a transfer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const open = (s: Sender, body: unknown, key = newKey()) =>
    t.call('POST', `${API}/remit/transaction/dispute`, { token: s.token, body, headers: { 'Idempotency-Key': key } });
  const read = (s: Sender, ref: string) => t.call('GET', `${API}/remit/transaction/${ref}/dispute`, { token: s.token });
  const review = (id: string, body: unknown) => t.call('POST', `/sandbox/disputes/${id}/review`, { body });
  async function paid(s: Sender): Promise<string> {
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    return ref;
  }

  it('opens one dispute per transfer, idempotently, and the review moves it to an outcome', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    expect((await read(s, ref)).body.data).toMatchObject({ dispute: null, disputable_until: expect.any(String) });
    const key = newKey();
    const [a, b] = await Promise.all([
      open(s, { trans_ref: ref, ...PROBLEM }, key),
      open(s, { trans_ref: ref, ...PROBLEM }, key),
    ]);
    expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 201]);
    expect(a.body.data).toEqual(b.body.data);
    const dispute = a.body.data;
    expect(dispute).toMatchObject({ trans_ref: ref, ...PROBLEM, state: 'OPEN', outcome: null, resolved_at: null });
    expect((await open(s, { trans_ref: ref, ...PROBLEM }, key)).status).toBe(200);
    expect((await open(s, { trans_ref: ref, ...PROBLEM, reason: 'late' }, key)).status).toBe(422);
    const second = await open(s, { trans_ref: ref, reason: 'other', description: 'Again' });
    expect(second.status).toBe(409);
    expect(second.body.errors[0].type).toBe(`${URN}DisputeAlreadyOpen`);

    expect((await review(dispute.id, { state: 'RESOLVED' })).status).toBe(400);
    expect((await review(dispute.id, { state: 'UNDER_REVIEW' })).body.data.state).toBe('UNDER_REVIEW');
    expect((await review(dispute.id, { state: 'OPEN' })).status).toBe(409);
    expect((await review('dsp_nope', { state: 'UNDER_REVIEW' })).status).toBe(404);
    t.clock.advance(60_000);
    const resolved = await review(dispute.id, { state: 'RESOLVED', outcome: 'corrected' });
    expect(resolved.body.data).toMatchObject({ state: 'RESOLVED', outcome: 'corrected' });
    expect((await read(s, ref)).body.data.dispute).toEqual(resolved.body.data);
    expect(Date.parse(resolved.body.data.resolved_at) - Date.parse(resolved.body.data.under_review_at)).toBe(60_000);
    // resolved: a new problem may be reported
    expect((await open(s, { trans_ref: ref, reason: 'other', description: 'Something else' })).status).toBe(201);
  });

  it('refuses bad input, strangers, unpaid transfers and problems past 180 days, changing nothing', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    for (const body of [
      { trans_ref: ref, reason: 'bored', description: 'x' },
      { trans_ref: ref, reason: 'other', description: '   ' },
      { trans_ref: ref, reason: 'other', description: 'x'.repeat(1001) },
      { trans_ref: ref, reason: 'other' },
      { trans_ref: 'nope', ...PROBLEM },
    ]) {
      expect((await open(s, body)).status, JSON.stringify(body)).toBe(400);
    }
    const stranger = await sender(t);
    expect((await open(stranger, { trans_ref: ref, ...PROBLEM })).status).toBe(404);
    expect((await read(stranger, ref)).status).toBe(404);

    const unpaid = await awaitingTransfer(t, s);
    const refused = await open(s, { trans_ref: unpaid, ...PROBLEM });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].type).toBe(`${URN}DisputeWindowClosed`);

    // paid for 180 days and a second ago, never paid out: the right has ended
    await t.deps.db
      .updateTable('transfers')
      .set({ funded_at: new Date(t.clock.now().getTime() - 180 * DAY - 1000) })
      .where('trans_ref', '=', ref)
      .execute();
    const late = await open(s, { trans_ref: ref, ...PROBLEM });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].type).toBe(`${URN}DisputeWindowClosed`);
    expect(late.body.errors[0].message).toContain('180 days');
    expect((await read(s, ref)).body.data).toEqual({ dispute: null, disputable_until: null });
  });
});
