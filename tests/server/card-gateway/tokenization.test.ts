import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardToken } from '../../../src/domain/contract/card-gateway.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { CARD, TOKENS_PATH, tokenize } from './card-fixtures.ts';

describe.each(DATABASE_KINDS)('sandbox card tokenization on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('issues a tok_ token and describes the card without its number', async () => {
    const res = await t.call('POST', TOKENS_PATH, { body: CARD });
    expect(res.status).toBe(201);
    assert(res.body.data, CardToken);
    expect(res.body.data).toEqual({
      token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{20,}$/),
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, country: 'GB' },
      expires_at: '2026-01-15T10:15:00.000Z',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('says where a card was issued: 4000 0NNN 0000 000x in the country numbered NNN, any other in GB', async () => {
    const countries: Record<string, string> = {
      '4000 0840 0000 0006': 'US',
      '4000 0752 0000 0002': 'SE',
      '4000 0124 0000 0003': 'CA',
      '4000 0076 0000 0001': 'BR',
      '4000 0999 0000 0005': 'GB',
      '5555 5555 5555 4444': 'GB',
    };
    for (const [number, country] of Object.entries(countries)) {
      const res = await t.call('POST', TOKENS_PATH, { body: { ...CARD, number } });
      expect(res.status, number).toBe(201);
      expect(res.body.data.card.country, number).toBe(country);
    }
  });

  it('recognises the scheme from the number', async () => {
    const brands: Record<string, string> = {
      '5555 5555 5555 4444': 'mastercard',
      '2223 0031 2200 3222': 'mastercard',
      '3782 822463 10005': 'amex',
      '6011 1111 1111 1117': 'unknown',
    };
    for (const [number, brand] of Object.entries(brands)) {
      const res = await t.call('POST', TOKENS_PATH, { body: { ...CARD, number } });
      expect(res.status).toBe(201);
      expect(res.body.data.card.brand).toBe(brand);
      expect(res.body.data.card.last4).toBe(number.replace(/ /g, '').slice(-4));
    }
  });

  it.each([
    ['a number failing the Luhn check', { number: '4242 4242 4242 4241' }, 'number', 'The card number is invalid'],
    ['a number too short', { number: '4242 4242 42' }, 'number', 'The card number is invalid'],
    ['letters in the number', { number: '4242 4242 4242 424a' }, 'number', 'The card number is invalid'],
    ['month 13', { exp_month: 13 }, 'exp_month', 'The expiry month must be between 1 and 12'],
    ['a two-digit year', { exp_year: 30 }, 'exp_year', 'The expiry year must have four digits'],
    ['an expiry in the past', { exp_month: 12, exp_year: 2025 }, 'exp_month', 'The card has expired'],
    ['a two-digit security code', { cvc: '12' }, 'cvc', 'The security code must have 3 or 4 digits'],
    ['a five-digit security code', { cvc: '12345' }, 'cvc', 'The security code must have 3 or 4 digits'],
    ['a blank name', { name: '   ' }, 'name', 'Enter the name on the card'],
  ])('refuses %s with a 400 naming the field', async (_, change, field, message) => {
    const res = await t.call('POST', TOKENS_PATH, { body: { ...CARD, ...change } });
    expect(res.status).toBe(400);
    // SPEC §8: a value left blank is ValueNotBeBlank, keeping the field's own words
    const type = Object.values(change).some((v) => typeof v === 'string' && v.trim() === '')
      ? 'ValueNotBeBlank'
      : 'ValidationFailed';
    expect(res.body).toEqual({
      errors: [{ type: `urn:sarraf:error:${type}`, message, property_path: field }],
    });
  });

  it('accepts a card expiring this month and refuses last month', async () => {
    expect((await t.call('POST', TOKENS_PATH, { body: { ...CARD, exp_month: 1, exp_year: 2026 } })).status).toBe(201);
    const res = await t.call('POST', TOKENS_PATH, { body: { ...CARD, exp_month: 12, exp_year: 2025 } });
    expect(res.status).toBe(400);
  });

  it('refuses a missing field', async () => {
    const { cvc: _, ...withoutCvc } = CARD;
    const res = await t.call('POST', TOKENS_PATH, { body: withoutCvc });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].property_path).toBe('cvc');
  });

  it('never stores the card number or the security code', async () => {
    const number = '5555555555554444';
    const token = await tokenize(t, { number, cvc: '9071' });
    const row = await t.deps.db
      .selectFrom('sandbox_card_tokens')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(
      [
        'behaviour',
        'brand',
        'country',
        'created_at',
        'exp_month',
        'exp_year',
        'expires_at',
        'holder_name',
        'last4',
        'reusable',
        'token',
        'used_at',
      ].sort(),
    );
    const stored = JSON.stringify(await t.deps.db.selectFrom('sandbox_card_tokens').selectAll().execute());
    expect(stored).not.toContain(number);
    expect(stored).not.toContain(number.slice(0, 12));
    expect(row).toMatchObject({ brand: 'mastercard', last4: '4444', holder_name: 'Amina Yusuf' });
  });

  it('describes a token until it expires after 15 minutes', async () => {
    const token = await tokenize(t);
    const { cardGateway } = t.deps.providers;
    expect(await cardGateway.describeToken(token)).toEqual({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, country: 'GB' },
      holderName: 'Amina Yusuf',
      expiresAt: new Date(t.clock.now().getTime() + 15 * 60_000),
    });
    t.clock.advance(14 * 60_000 + 59_000);
    expect(await cardGateway.describeToken(token)).toBeDefined();
    t.clock.advance(1_000);
    expect(await cardGateway.describeToken(token)).toBeUndefined();
    expect(await cardGateway.describeToken('tok_unknown')).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)('sandbox card gateway with sandbox mode off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { sandbox: false });
  });
  afterAll(() => t.close());

  it('serves none of its endpoints', async () => {
    expect((await t.call('POST', TOKENS_PATH, { body: CARD })).status).toBe(404);
    expect((await t.call('GET', '/sandbox/gateway/3ds/pay_x')).status).toBe(404);
    expect((await t.call('POST', '/sandbox/gateway/3ds/pay_x/complete', { body: {} })).status).toBe(404);
    expect((await t.call('GET', '/sandbox/gateway/assets/challenge.css')).status).toBe(404);
  });
});
