import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, typedTwice, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import { API, awaitingTransfer, CARDS, details, drain, payWith, type Sender, sender } from './transfer-fixtures.ts';

const NEW_DETAILS = { mobile: '0733 111 222', mobile_network_code: 'AIRTEL' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

describe.each(DATABASE_KINDS)('correcting the payout details of a paid transfer on %s', (kind) => {
  let t: TestApp;
  let step: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    step = t.deps.config.payoutStepSeconds * 1000;
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  const post = (token: string | null, body: unknown) =>
    t.call('POST', `${API}/remit/transaction/update-payout-details`, token === null ? { body } : { token, body });
  /** as the form sends a correction: a changed mobile number typed twice (SPEC §9 confirm-mobile) */
  const update = (token: string | null, body: unknown) =>
    post(token, isObject(body) && isObject(body.values) ? typedTwice({ ...body, values: body.values }) : body);
  async function paid(s: Sender): Promise<string> {
    const ref = await awaitingTransfer(t, s);
    expect((await payWith(t, s, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    return ref;
  }
  const events = async (s: Sender, ref: string) =>
    (await details(t, s.token, ref)).body.data.events.map((e: Record<string, unknown>) => `${e.status} ${e.event}`);
  const row = (ref: string) =>
    t.deps.db.selectFrom('transfers').selectAll().where('trans_ref', '=', ref).executeTakeFirstOrThrow();
  const partnerOrderCount = async (ref: string) =>
    (await t.deps.db.selectFrom('sandbox_payouts').select('reference').where('reference', '=', ref).execute()).length;
  const partnerOrder = (ref: string) =>
    t.deps.db.selectFrom('sandbox_payouts').selectAll().where('reference', '=', ref).executeTakeFirstOrThrow();

  it('shows the payout details a transfer pays to', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    expect((await details(t, s.token, ref)).body.data).toMatchObject({
      payout_details: { mobile: '+254712345678', mobile_network_code: 'MPESA' },
      payout_label: 'Safaricom M-PESA · •••• 5678',
      payout_details_changeable: true,
    });
  });

  it('takes a new mobile number only typed twice, and another network for the same number without it', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    const refusal = (message: string) => [
      { type: 'urn:sarraf:error:ValidationFailed', message, property_path: 'mobile_confirmation' },
    ];
    const unconfirmed = await post(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(unconfirmed.body.errors).toEqual(refusal('Type the mobile number again to confirm it'));
    const slip = await post(s.token, { trans_ref: ref, values: NEW_DETAILS, mobile_confirmation: '0733 111 221' });
    expect(slip.body.errors).toEqual(refusal('The two mobile numbers do not match'));
    expect((await details(t, s.token, ref)).body.data.payout_details.mobile).toBe('+254712345678');
    const network = await post(s.token, {
      trans_ref: ref,
      values: { mobile: '+254712345678', mobile_network_code: 'AIRTEL' },
    });
    expect(network.status, JSON.stringify(network.body)).toBe(200);
    const confirmed = await post(s.token, {
      trans_ref: ref,
      values: NEW_DETAILS,
      mobile_confirmation: '+254733111222',
    });
    expect(confirmed.body.data.payout_details.mobile).toBe('+254733111222');
  });

  it('corrects them before the partner has the order, and the order carries the new ones', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    const res = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'PENDING',
      payout_details: { mobile: '+254733111222', mobile_network_code: 'AIRTEL' },
      payout_label: 'Airtel Money · •••• 1222',
    });
    expect(res.body.data.events.at(-1)).toEqual({
      status: 'PENDING',
      event: 'payout_details_updated',
      actor: 'customer',
      reason: 'customer_request',
      refund_to: null,
      at: t.clock.now().toISOString(),
    });
    // the saved recipient is left as it was: only this transfer pays elsewhere
    const recipient = await t.call('GET', `${API}/api/v1/beneficiaries?id=${s.beneficiaryId}`, { token: s.token });
    expect(recipient.body.data.data[0].values.mobile).toBe('+254712345678');

    t.clock.advance(step);
    await drain(t);
    expect((await partnerOrder(ref)).payout_details).toMatchObject({
      mobile: '+254733111222',
      mobile_network_code: 'AIRTEL',
    });
    t.clock.advance(step);
    await drain(t);
    expect(await events(s, ref)).toEqual([
      'AWAITING created',
      'PENDING payment_approved',
      'PENDING payout_details_updated',
      'SENT partner_accepted',
      'PAID partner_paid',
    ]);
  });

  it('amends the order the partner holds, which restarts its payout clock; the same values again change nothing', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    t.clock.advance(step);
    await drain(t);
    expect((await row(ref)).status).toBe('SENT');
    t.clock.advance(step / 2);
    const res = await update(s.token, { trans_ref: ref, values: { ...NEW_DETAILS, mobile: '+254 733 111 222' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const amended = await partnerOrder(ref);
    expect(amended.amended_at?.toISOString()).toBe(t.clock.now().toISOString());
    expect(amended.payout_details).toMatchObject({ mobile: '+254733111222', mobile_network_code: 'AIRTEL' });
    const again = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(again.status).toBe(200);
    expect(await events(s, ref)).toEqual([
      'AWAITING created',
      'PENDING payment_approved',
      'SENT partner_accepted',
      'SENT payout_details_updated',
    ]);
    t.clock.advance(step / 2); // the partner's first step would have ended here
    await drain(t);
    expect((await row(ref)).status).toBe('SENT');
    t.clock.advance(step);
    await drain(t);
    expect((await row(ref)).status).toBe('PAID');
  });

  it('refuses once the partner has paid out, even before we heard, and changes nothing', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    t.clock.advance(step);
    await drain(t);
    t.clock.advance(step); // the partner pays out now; its report has not been asked for yet
    const res = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].type).toContain('PayoutAlreadyMade');
    expect(await row(ref)).toMatchObject({ status: 'SENT', payout_details: null, payout_label: null });
    expect(await partnerOrder(ref)).toMatchObject({
      amended_at: null,
      payout_details: { mobile: '+254712345678', mobile_network_code: 'MPESA' },
    });
    await drain(t);
    const after = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(after.status).toBe(409);
    expect(after.body.errors[0].type).toContain('PayoutAlreadyMade');
    expect((await details(t, s.token, ref)).body.data.payout_details_changeable).toBe(false);
  });

  it('refuses a rejected transfer (PayoutAlreadyMade) and one not paid for yet (InvalidTransition)', async () => {
    const s = await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' }));
    const ref = await paid(s);
    t.clock.advance(step);
    await drain(t);
    t.clock.advance(step);
    await drain(t);
    expect((await row(ref)).status).toBe('CLOSED');
    const rejected = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect([rejected.status, rejected.body.errors[0].type]).toEqual([
      409,
      expect.stringContaining('PayoutAlreadyMade'),
    ]);

    const unpaid = await awaitingTransfer(t, s);
    const early = await update(s.token, { trans_ref: unpaid, values: NEW_DETAILS });
    expect([early.status, early.body.errors[0].type]).toEqual([409, expect.stringContaining('InvalidTransition')]);
    expect(await events(s, unpaid)).toEqual(['AWAITING created']);
  });

  it('checks the new values like a recipient’s and refuses bad input with nothing changed', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    const cases: [unknown, number, string | null][] = [
      [{ trans_ref: ref, values: { ...NEW_DETAILS, first_name: 'Someone' } }, 400, 'values.first_name'],
      [{ trans_ref: ref, values: { purpose_of_transaction: 'gift' } }, 400, 'values.purpose_of_transaction'],
      [{ trans_ref: ref, values: { iban: 'GB82WEST12345698765432' } }, 400, 'values.iban'],
      [{ trans_ref: ref, values: { mobile: '12' } }, 400, 'values.mobile'],
      [
        { trans_ref: ref, values: { mobile: '0733 111 222', mobile_network_code: 'NOPE' } },
        400,
        'values.mobile_network_code',
      ],
      [{ trans_ref: ref, values: { mobile: 7 } }, 400, 'values.mobile'],
      [{ trans_ref: ref }, 400, 'values'],
      [{ values: NEW_DETAILS }, 400, 'trans_ref'],
      [{ trans_ref: 'nope', values: NEW_DETAILS }, 400, 'trans_ref'],
      [{ trans_ref: ref, values: NEW_DETAILS, extra: 1 }, 400, 'extra'],
      [{ trans_ref: 'SR00000000', values: NEW_DETAILS }, 404, null],
    ];
    for (const [body, status, path] of cases) {
      const res = await update(s.token, body);
      expect(res.status, JSON.stringify({ body, answer: res.body })).toBe(status);
      if (path !== null) expect(res.body.errors[0].property_path).toBe(path);
    }
    const stranger = await sender(t);
    const theirs = await update(stranger.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(theirs.status).toBe(404);
    expect((await update(null, { trans_ref: ref, values: NEW_DETAILS })).status).toBe(401);
    expect(await row(ref)).toMatchObject({ payout_details: null, payout_label: null, status: 'PENDING' });
    expect(await events(s, ref)).toEqual(['AWAITING created', 'PENDING payment_approved']);
  });

  it('asks the account lookup about the new account: refused where it would refuse a recipient, a close name goes on', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    // the sandbox lookup answers by the account's last four digits (README "Account lookup")
    for (const [mobile, type] of [
      ['0733 110 003', 'AccountNotFound'],
      ['0733 110 004', 'AccountRestricted'],
      ['0733 110 005', 'AccountCurrencyMismatch'],
    ] as const) {
      const res = await update(s.token, { trans_ref: ref, values: { mobile, mobile_network_code: 'AIRTEL' } });
      expect(res.status, mobile).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ type: `urn:sarraf:error:${type}`, property_path: 'values.mobile' });
    }
    expect(await row(ref)).toMatchObject({ payout_details: null, payout_label: null });
    expect(await partnerOrderCount(ref)).toBe(0);
    // a close name was the customer's to accept when they saved the recipient; the names stay as paid for
    const close = await update(s.token, {
      trans_ref: ref,
      values: { mobile: '0733 110 001', mobile_network_code: 'AIRTEL' },
    });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.data.payout_details).toMatchObject({ mobile: '+254733110001' });
  });

  it('refuses attempts past the limit on one transfer, each of which reaches the lookup and the partner', async () => {
    const s = await sender(t);
    const ref = await paid(s);
    const { max } = ABUSE_LIMITS.payoutDetailUpdatesPerTransfer;
    for (let n = 0; n < max; n++) {
      const values = n % 2 === 0 ? NEW_DETAILS : { mobile: '0712 345 678', mobile_network_code: 'MPESA' };
      expect((await update(s.token, { trans_ref: ref, values })).status).toBe(200);
    }
    const over = await update(s.token, { trans_ref: ref, values: NEW_DETAILS });
    expect(over.status).toBe(429);
    expect(over.body.errors[0].type).toBe('urn:sarraf:error:RateLimited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await details(t, s.token, ref)).body.data.payout_details).toEqual({
      mobile: '+254712345678',
      mobile_network_code: 'MPESA',
    });
    expect((await events(s, ref)).filter((e: string) => e.endsWith('payout_details_updated'))).toHaveLength(max);
  });
});
