import { expect } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import type { TestApp } from '../../support/test-app.ts';
import { API, awaitingTransfer, newKey, type Sender } from '../transfers/transfer-fixtures.ts';
import { fund } from '../wallets/wallet-fixtures.ts';

export { API };

/** Move the test's clock to `iso` (never back). */
export function clockTo(t: TestApp, iso: string): void {
  const ms = new Date(iso).getTime() - t.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock is past ${iso} already`);
  t.clock.advance(ms);
}

/** A fresh session for the sender at the clock's time (long waits outlive a session). */
export async function freshToken(t: TestApp, s: Sender): Promise<string> {
  const { token } = await createSession(t.deps.db, t.deps.config, t.clock, s.id);
  s.token = token;
  return token;
}

/** A transfer of the sender's paid from their wallet (funded for it): what a schedule repeats. */
export async function paidTransfer(t: TestApp, s: Sender): Promise<string> {
  await fund(t, s.id, 'GBP', 200_00n);
  const ref = await awaitingTransfer(t, s);
  const paid = await t.call('POST', `${API}/remit/transaction/v2/set-payment-type`, {
    token: s.token,
    body: { trans_ref: ref },
    headers: { 'Idempotency-Key': newKey() },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return ref;
}

export function createSchedule(t: TestApp, s: Sender, body: Record<string, unknown>, key = newKey()) {
  return t.call('POST', `${API}/remit/schedules`, { token: s.token, body, headers: { 'Idempotency-Key': key } });
}

export async function scheduleOk(t: TestApp, s: Sender, body: Record<string, unknown>) {
  const res = await createSchedule(t, s, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** A call of the schedule's owner, signed in afresh: the test's clock moves past a session's life. */
export async function act(t: TestApp, s: Sender, action: string, body: Record<string, unknown>) {
  await freshToken(t, s);
  return t.call('POST', `${API}/remit/schedules/${action}`, { token: s.token, body });
}

export async function schedulesOf(t: TestApp, s: Sender) {
  await freshToken(t, s);
  const res = await t.call('GET', `${API}/remit/schedules`, { token: s.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

/** The transfers a schedule made: their creation day and status, oldest first. */
export async function transfersOf(t: TestApp, scheduleId: string) {
  const rows = await t.deps.db
    .selectFrom('transfers')
    .select(['trans_ref', 'created_at', 'status', 'funded_at', 'idempotency_key'])
    .where('idempotency_key', 'like', `schedule:${scheduleId}:%`)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ ...row, day: row.created_at.toISOString().slice(0, 10) }));
}

export async function notificationsOf(t: TestApp, customerId: string) {
  const rows = await t.deps.db
    .selectFrom('notifications')
    .select(['id', 'title_key', 'params', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('title_key', 'like', 'schedule.%')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    key: row.title_key,
    params: typeof row.params === 'string' ? JSON.parse(row.params) : row.params,
  }));
}
