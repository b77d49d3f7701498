import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { registerCustomer } from '../../support/register-customer.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { SOMALIA_CASH } from '../beneficiaries/beneficiary-fixtures.ts';
import { addRecipient, create, saveQuote, TO_SOMALIA_CASH } from '../transfers/transfer-fixtures.ts';
import { movesOf, onboardedCustomer, userData } from './verification-fixtures.ts';

describe.each(DATABASE_KINDS)('the verification ladder on transfers, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const recipients = new Map<string, string>();
  async function send(token: string, amount: string) {
    const beneficiaryId = recipients.get(token) ?? (await addRecipient(t, token, SOMALIA_CASH));
    recipients.set(token, beneficiaryId);
    const quoteId = await saveQuote(t, token, { ...TO_SOMALIA_CASH, amount });
    return create(t, token, {
      quote_id: quoteId,
      beneficiary_id: beneficiaryId,
      purpose_of_transaction: 'family_support',
    });
  }

  it('refuses any transfer before the identity checks, naming what is needed, and creates nothing', async () => {
    const c = await registerCustomer(t, { country: 'GB' });
    const res = await send(c.token, '100.00');
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:VerificationRequired',
      property_path: 'identity_checks',
    });
    expect(res.body.errors[0].message).toMatch(/name, date of birth and home address/);
    const transfers = await t.deps.db
      .selectFrom('transfers')
      .select('id')
      .where('customer_id', '=', c.user.id)
      .execute();
    expect(transfers).toEqual([]);
  });

  it('refuses while a document the checks asked for is open', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Noaddress' });
    const res = await send(c.token, '100.00');
    expect(res.status).toBe(422);
    expect(res.body.errors[0].type).toBe('urn:sarraf:error:VerificationRequired');
  });

  it('lets a checked customer send up to £1,000 a year, then asks for an identity document', async () => {
    const c = await onboardedCustomer(t, { firstName: 'Amina', lastName: 'Warsame' });
    const first = await send(c.token, '100.00');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const refused = await send(c.token, '1500.00');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].property_path).toBe('identity_document');
    expect(refused.body.errors[0].message).toMatch(
      /more than £1,000\.00 this year.*passport, national ID card or driving licence/,
    );
    const data = await userData(t, c.token);
    expect(data.user.verification.status).toBe('RequestId');
    expect(data.document_request).toEqual({ type: 'identity', screen_type: 'capture' });
    expect(data.verification_tasks).toContainEqual({ item: 'identity', state: 'to_do', reason: null });
    const moves = await movesOf(t, c.id);
    expect(moves.at(-1)).toMatchObject({ from_status: 'Pass', to_status: 'RequestId', actor: 'system:ladder' });
    // asking again asks nothing new
    expect((await send(c.token, '1500.00')).status).toBe(422);
    expect(await movesOf(t, c.id)).toHaveLength(moves.length);
  });
});
