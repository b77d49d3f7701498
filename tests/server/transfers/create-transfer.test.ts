import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { SOMALIA_CASH } from '../beneficiaries/beneficiary-fixtures.ts';
import {
  API,
  addRecipient,
  awaitingTransfer,
  create,
  createBody,
  details,
  newKey,
  type Sender,
  saveQuote,
  sender,
} from './transfer-fixtures.ts';

const errorOf = (body: any) => body.errors[0];

describe.each(DATABASE_KINDS)('POST /remit/transaction/create on %s', (kind) => {
  let t: TestApp;
  let amina: Sender;
  let omar: Sender;
  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await sender(t);
    omar = await sender(t);
  });
  afterAll(() => t.close());
  // some tests move the clock past quote expiry: every test starts with live quotes
  beforeEach(async () => {
    amina.quoteId = await saveQuote(t, amina.token);
    omar.quoteId = await saveQuote(t, omar.token);
  });

  it('creates a transfer awaiting payment with the quote’s figures frozen and a short reference', async () => {
    const quote = await t.call('GET', `${API}/remit/remittance/quotes/${amina.quoteId}`, { token: amina.token });
    const res = await create(t, amina.token, createBody(amina, 'education'));
    expect(res.status).toBe(201);
    const now = t.clock.now().toISOString();
    expect(res.body.data).toEqual({
      trans_ref: expect.stringMatching(/^SR[0-9A-HJKMNP-TV-Z]{8}$/),
      status: 'AWAITING',
      status_label: 'waiting_for_payment',
      close_reason: null,
      send_country: 'GB',
      destination_country: 'KE',
      source_currency: 'GBP',
      dest_currency: 'KES',
      send_amount: quote.body.data.send_amount,
      fees: quote.body.data.fee,
      total: quote.body.data.total,
      receive_amount: quote.body.data.receive_amount,
      rate: quote.body.data.rate,
      trans_type: 'mobile',
      purpose: 'education',
      payment_type: null,
      beneficiary: { id: amina.beneficiaryId, name: 'Wanjiru Kamau' },
      created_at: now,
      // promised from the payment: no time until it is paid
      delivery_promise: { hours: quote.body.data.delivery_hours, promised_by: null, fee_refunded_at: null },
      funded_at: null,
      paid_at: null,
      quote_expiration_time: quote.body.data.quote_expiration_time,
      promo_code: null,
      refund_to: null,
      events: [{ status: 'AWAITING', event: 'created', actor: 'customer', reason: null, refund_to: null, at: now }],
      paid_with: null,
      cancellable_until: null,
      payout_details_changeable: false,
      bank_transfer: null,
      payout_label: 'Safaricom M-PESA · •••• 5678',
      payout_details: { mobile: '+254712345678', mobile_network_code: 'MPESA' },
    });
    expect(res.body.data.send_amount).toBe('100.00');
  });

  it('answers a retry with the same key and body with the same transfer, never a second one', async () => {
    const key = newKey();
    const first = await create(t, amina.token, createBody(amina), key);
    const again = await create(t, amina.token, createBody(amina), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const rows = await t.deps.db.selectFrom('transfers').select('id').where('idempotency_key', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it('still answers the retry once the quote has expired: the key returns the first result', async () => {
    const s = await sender(t);
    const key = newKey();
    const first = await create(t, s.token, createBody(s), key);
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000);
    const again = await create(t, s.token, createBody(s), key);
    expect(again.status).toBe(200);
    expect(again.body.data.trans_ref).toBe(first.body.data.trans_ref);
  });

  it('refuses the same key with another body (422 IdempotencyKeyReused)', async () => {
    const key = newKey();
    expect((await create(t, amina.token, createBody(amina, 'gift'), key)).status).toBe(201);
    const res = await create(t, amina.token, createBody(amina, 'travel'), key);
    expect(res.status).toBe(422);
    expect(errorOf(res.body).type).toBe('urn:sarraf:error:IdempotencyKeyReused');
  });

  it('lets two customers use the same key independently', async () => {
    const key = newKey();
    const a = await create(t, amina.token, createBody(amina), key);
    const o = await create(t, omar.token, createBody(omar), key);
    expect([a.status, o.status]).toEqual([201, 201]);
    expect(a.body.data.trans_ref).not.toBe(o.body.data.trans_ref);
  });

  it('creates one transfer when the same request arrives many times at once', async () => {
    const s = await sender(t);
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(t, s.token, createBody(s), key)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body.data.trans_ref)).size).toBe(1);
    const rows = await t.deps.db.selectFrom('transfers').select('id').where('customer_id', '=', s.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a second transfer on a used quote (409 QuoteAlreadyUsed); the first key still replays', async () => {
    const key = newKey();
    const first = await create(t, amina.token, createBody(amina), key);
    expect(first.status).toBe(201);
    const second = await create(t, amina.token, createBody(amina, 'gift'));
    expect(second.status).toBe(409);
    expect(errorOf(second.body)).toEqual({
      type: 'urn:sarraf:error:QuoteAlreadyUsed',
      message: 'This quote has already been used for a transfer; get a new quote',
      property_path: 'quote_id',
    });
    const replay = await create(t, amina.token, createBody(amina), key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.trans_ref).toBe(first.body.data.trans_ref);
    const rows = await t.deps.db.selectFrom('transfers').select('id').where('quote_id', '=', amina.quoteId).execute();
    expect(rows).toHaveLength(1);
  });

  it('creates exactly one transfer when requests under different keys race for one quote', async () => {
    const s = await sender(t);
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(t, s.token, createBody(s))));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(errorOf(res.body).type).toBe('urn:sarraf:error:QuoteAlreadyUsed');
    }
    const rows = await t.deps.db.selectFrom('transfers').select('id').where('customer_id', '=', s.id).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['missing', null, 'The Idempotency-Key header is required'],
    ['too short', 'abc1234', 'The Idempotency-Key header must be 8 to 128 visible ASCII characters'],
    ['too long', 'k'.repeat(129), 'The Idempotency-Key header must be 8 to 128 visible ASCII characters'],
    ['with spaces', 'my key 123', 'The Idempotency-Key header must be 8 to 128 visible ASCII characters'],
  ])('refuses a %s Idempotency-Key (400)', async (_, key, message) => {
    const res = await create(t, amina.token, createBody(amina), key);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toEqual({
      type: 'urn:sarraf:error:ValidationFailed',
      message,
      property_path: 'Idempotency-Key',
    });
  });

  it.each([
    [{ beneficiary_id: 'ben_x', purpose_of_transaction: 'gift' }, 'quote_id'],
    [{ quote_id: 'q_x', purpose_of_transaction: 'gift' }, 'beneficiary_id'],
    [{ quote_id: 'q_x', beneficiary_id: 'ben_x', purpose_of_transaction: 'bribes' }, 'purpose_of_transaction'],
  ])('refuses a malformed body naming the field (400 on %s)', async (body, field) => {
    const res = await create(t, amina.token, body);
    expect(res.status).toBe(400);
    expect(errorOf(res.body).property_path).toBe(field);
  });

  it('refuses an expired quote (422 QuoteExpired)', async () => {
    const s = await sender(t);
    t.clock.advance(t.deps.config.quoteTtlSeconds * 1000);
    const res = await create(t, s.token, createBody(s));
    expect(res.status).toBe(422);
    expect(errorOf(res.body)).toMatchObject({
      type: 'urn:sarraf:error:QuoteExpired',
      message: 'This rate has expired. Get a new rate.',
    });
  });

  it('answers another customer’s quote or recipient as not found (404), never using them', async () => {
    const theirQuote = await create(t, amina.token, { ...createBody(amina), quote_id: omar.quoteId });
    const theirRecipient = await create(t, amina.token, { ...createBody(amina), beneficiary_id: omar.beneficiaryId });
    for (const res of [theirQuote, theirRecipient]) {
      expect(res.status).toBe(404);
      expect(errorOf(res.body).type).toBe('urn:sarraf:error:NotFound');
    }
    expect(errorOf(theirQuote.body).message).toBe('Quote not found');
    expect(errorOf(theirRecipient.body).message).toBe('Recipient not found');
  });

  it('refuses a recipient the quote does not pay (400 on beneficiary_id)', async () => {
    const s = await sender(t);
    const cashRecipient = await addRecipient(t, s.token, SOMALIA_CASH);
    const res = await create(t, s.token, { ...createBody(s), beneficiary_id: cashRecipient });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toEqual({
      type: 'urn:sarraf:error:ValidationFailed',
      message:
        'This recipient cannot receive this transfer: choose a recipient in Kenya paid by Mobile Transfer in KES',
      property_path: 'beneficiary_id',
    });
  });

  it('needs a session (401)', async () => {
    const res = await create(t, '', createBody(amina));
    expect(res.status).toBe(401);
  });

  it('keeps the recipient’s name on the transfer after the recipient is deleted', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    expect((await t.call('DELETE', `${API}/api/v1/beneficiaries/${s.beneficiaryId}`, { token: s.token })).status).toBe(
      204,
    );
    const res = await details(t, s.token, ref);
    expect(res.body.data.beneficiary).toEqual({ id: s.beneficiaryId, name: 'Wanjiru Kamau' });
  });
});

describe.each(DATABASE_KINDS)('POST /remit/transaction/set-payment-type on %s', (kind) => {
  let t: TestApp;
  let amina: Sender;
  let ref: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    amina = await sender(t);
    ref = await awaitingTransfer(t, amina);
  });
  afterAll(() => t.close());

  const setType = (token: string, body: unknown) =>
    t.call('POST', `${API}/remit/transaction/set-payment-type`, { token, body });

  it('records card as the way to pay', async () => {
    const res = await setType(amina.token, { trans_ref: ref.toLowerCase(), payment_type: 'card' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trans_ref: ref, payment_type: 'card', status: 'AWAITING' });
  });

  it.each(['wallet', 'bank', 'trustly'])('records %s as the way to pay', async (type) => {
    const res = await setType(amina.token, { trans_ref: ref, payment_type: type });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trans_ref: ref, payment_type: type, status: 'AWAITING' });
  });

  it('refuses apaylo, not available yet (400 on payment_type)', async () => {
    const res = await setType(amina.token, { trans_ref: ref, payment_type: 'apaylo' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toEqual({
      type: 'urn:sarraf:error:ValidationFailed',
      message: 'Paying by apaylo is not available yet; pay by card, wallet, bank transfer or bank link',
      property_path: 'payment_type',
    });
  });

  it('refuses an unknown payment type and a malformed reference (400)', async () => {
    const unknown = await setType(amina.token, { trans_ref: ref, payment_type: 'cheque' });
    expect(errorOf(unknown.body).property_path).toBe('payment_type');
    const malformed = await setType(amina.token, { trans_ref: 'SR-1', payment_type: 'card' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.body).property_path).toBe('trans_ref');
  });

  it('answers another customer’s transfer as not found (404)', async () => {
    const omar = await sender(t);
    const res = await setType(omar.token, { trans_ref: ref, payment_type: 'card' });
    expect(res.status).toBe(404);
  });
});
