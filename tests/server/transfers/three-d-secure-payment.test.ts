import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  answerChallenge,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  ledgerKinds,
  paymentStatus,
  payWith,
  type Sender,
  sender,
} from './transfer-fixtures.ts';

describe.each(DATABASE_KINDS)('card payment with a 3-D Secure challenge on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  async function challenged(): Promise<{ s: Sender; ref: string; challengeUrl: string }> {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const res = await payWith(t, s, ref, CARDS.challenge);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'WAITING',
      code: null,
      challenge_url: expect.stringMatching(/^\/sandbox\/gateway\/3ds\/pay_[\w-]+$/),
      transfer: { status: 'AWAITING' },
    });
    return { s, ref, challengeUrl: res.body.data.challenge_url };
  }

  it('3220 opens the challenge; the bank returns the browser to the enrollment route with its query', async () => {
    const { s, ref, challengeUrl } = await challenged();
    const waiting = await paymentStatus(t, s.token, ref);
    expect(waiting.body.data).toMatchObject({ status: 'WAITING', code: null, challenge_url: challengeUrl });
    expect(await ledgerKinds(t, ref)).toEqual([]);

    const page = await t.app.request(challengeUrl);
    expect(page.status).toBe(200);
    const back = await answerChallenge(t, challengeUrl, 'success');
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location') ?? '', 'http://localhost');
    expect(location.pathname).toBe('/checkout-card-enrollment/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      routeName: 'send-money-pay',
      transactionReference: ref,
      status: 'success',
      provider: 'sandbox',
      payment_id: challengeUrl.split('/').pop(),
    });

    // nothing is funded until we ask the gateway
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');
    const approved = await paymentStatus(t, s.token, ref);
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'APPROVED',
      code: 'approved',
      challenge_url: null,
      transfer: { status: 'PENDING', status_label: 'processing', payment_type: 'card' },
    });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('funds the transfer once however often and however concurrently the status is polled', async () => {
    const { s, ref, challengeUrl } = await challenged();
    await answerChallenge(t, challengeUrl, 'success');
    const polls = await Promise.all(Array.from({ length: 4 }, () => paymentStatus(t, s.token, ref)));
    for (const poll of polls)
      expect(poll.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
    const again = await paymentStatus(t, s.token, ref);
    expect(again.body.data.status).toBe('APPROVED');

    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
    const history = (await details(t, s.token, ref)).body.data.events.map((e: { status: string }) => e.status);
    expect(history).toEqual(['AWAITING', 'PENDING']);
    const submissions = await t.deps.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('topic', '=', 'payout.submit')
      .execute();
    const transfer = await t.deps.db
      .selectFrom('transfers')
      .select('id')
      .where('trans_ref', '=', ref)
      .executeTakeFirstOrThrow();
    expect(submissions.filter((e) => e.payload.transfer_id === transfer.id)).toHaveLength(1);
  });

  it('a failed challenge is declined as not authorised; nothing posted, another card may be tried', async () => {
    const { s, ref, challengeUrl } = await challenged();
    await answerChallenge(t, challengeUrl, 'failure');
    const res = await paymentStatus(t, s.token, ref);
    expect(res.body.data).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
      transfer: { status: 'AWAITING' },
    });
    expect(await ledgerKinds(t, ref)).toEqual([]);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
  });

  it('refuses another card while the challenge is open (409), so the transfer is never charged twice', async () => {
    const { s, ref, challengeUrl } = await challenged();
    const second = await payWith(t, s, ref, CARDS.approves);
    expect(second.status).toBe(409);
    expect(second.body.errors[0].type).toBe('urn:sarraf:error:InvalidTransition');
    await answerChallenge(t, challengeUrl, 'success');
    // the next pay call learns the challenge passed: the transfer is paid, not paid again
    const third = await payWith(t, s, ref, CARDS.approves);
    expect(third.status).toBe(409);
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });

  it('a challenge passed after the quote expired, within the grace, still funds the transfer', async () => {
    const { s, ref, challengeUrl } = await challenged();
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000 + 60_000);
    await answerChallenge(t, challengeUrl, 'success');
    expect((await paymentStatus(t, s.token, ref)).body.data.status).toBe('APPROVED');
  });

  it('an unanswered challenge is abandoned and the transfer closed as expired after the grace', async () => {
    const { s, ref, challengeUrl } = await challenged();
    t.clock.advance((t.deps.config.quoteTtlSeconds + 15 * 60) * 1000);
    await drain(t);
    const res = await paymentStatus(t, s.token, ref);
    expect(res.body.data).toMatchObject({
      status: 'DECLINED',
      code: 'payment_was_not_authorised',
      transfer: { status: 'CLOSED', status_label: 'canceled', close_reason: 'expired' },
    });
    // completing the stale challenge afterwards funds nothing
    await answerChallenge(t, challengeUrl, 'success');
    expect((await paymentStatus(t, s.token, ref)).body.data.transfer.status).toBe('CLOSED');
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });

  it('the expiry finds a challenge passed in time and funds the transfer instead of closing it', async () => {
    const { s, ref, challengeUrl } = await challenged();
    await answerChallenge(t, challengeUrl, 'success');
    t.clock.advance((t.deps.config.quoteTtlSeconds + 15 * 60) * 1000);
    // one handler at a time: this is the expiry's own decision, not its race with the pay-in reconciler due at
    // the same moment (that race, on PostgreSQL, once left the transfer waiting for a retry: still unexplained)
    await new OutboxWorker(t.deps, outboxHandlers(), { batchSize: 1 }).drain();
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);
  });
});
