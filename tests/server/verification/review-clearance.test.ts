import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

describe.each(DATABASE_KINDS)('a reviewer clearing a watchlist hit in the sandbox, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const clear = (customerId: string, body: unknown) =>
    t.call('POST', `/sandbox/compliance/reviews/${customerId}/clear`, { body });

  it('ends the hold of a namesake, recording the reviewer and why: Verifying → Pass', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Mallory', lastName: 'Listed', dateOfBirth: '1980-02-29' });
    expect((await userData(t, c.token)).user.verification).toMatchObject({
      status: 'Verifying',
      watchlistResult: 'Failed',
    });
    const res = await clear(c.id, { reviewer: 'compliance.anna', note: 'namesake: other place of birth' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ verification_status: 'Pass' });
    const data = await userData(t, c.token);
    expect(data.user.verification).toMatchObject({ status: 'Pass', watchlistResult: 'Verified' });
    expect(data.verification_tasks).toContainEqual({ item: 'identity_checks', state: 'done', reason: null });
    expect((await movesOf(t, c.id)).at(-1)).toEqual({
      from_status: 'Verifying',
      to_status: 'Pass',
      actor: 'reviewer:compliance.anna',
      reason: 'watchlist hit cleared: namesake: other place of birth',
    });
  });

  it('refuses a customer with no open review, an unknown customer and a decision without its reason', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Hassan' });
    await userData(t, c.token);
    const moves = (await movesOf(t, c.id)).length;
    expect((await clear(c.id, { reviewer: 'anna', note: 'no reason' })).status).toBe(409);
    expect((await clear('nobody', { reviewer: 'anna', note: 'no reason' })).status).toBe(404);
    expect((await clear(c.id, { reviewer: 'anna' })).status).toBe(400);
    expect((await movesOf(t, c.id)).length).toBe(moves);
  });

  it('lets a reviewer ask a verified customer for proof of source of funds, recorded with why, and asks once', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Hassan' });
    expect((await userData(t, c.token)).user.verification.status).toBe('Pass');
    const ask = (body: unknown) => t.call('POST', `/sandbox/compliance/reviews/${c.id}/request-document`, { body });
    const body = { reviewer: 'compliance.anna', note: 'large deposits', document: 'source_of_funds' };
    const res = await ask(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ verification_status: 'RequestProofOfSourceOfFunds' });
    const data = await userData(t, c.token);
    expect(data.verification_tasks).toContainEqual({ item: 'source_of_funds', state: 'to_do', reason: null });
    const moves = await movesOf(t, c.id);
    expect(moves.at(-1)).toEqual({
      from_status: 'Pass',
      to_status: 'RequestProofOfSourceOfFunds',
      actor: 'reviewer:compliance.anna',
      reason: 'large deposits',
    });
    expect((await ask(body)).status).toBe(200);
    expect(await movesOf(t, c.id)).toHaveLength(moves.length);
    expect((await ask({ ...body, document: 'payslip' })).status).toBe(400);
    expect((await t.call('POST', '/sandbox/compliance/reviews/nobody/request-document', { body })).status).toBe(404);
  });
});
