import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '../../src/domain/feature-flags.ts';
import { loadConfig } from '../../src/server/config.ts';
import { DATABASE_KINDS } from '../support/databases.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { API } from './beneficiaries/beneficiary-fixtures.ts';
import { sender, TO_KENYA_MOBILE } from './transfers/transfer-fixtures.ts';

describe('SPEC §9 configuration flags from the environment', () => {
  it("are the SPEC's values when nothing is set", () => {
    expect(loadConfig({}).features).toEqual({
      promoCodes: true,
      groupTransactions: false,
      userInfoStep: true,
      customFee: false,
      customerIdRequired: false,
      documentCheckRequired: false,
      confirmMobile: true,
      manualDocumentUpload: false,
      qrScan: true,
      customCookiePopup: true,
      confirmReviewPayoutTypes: ['cash'],
      newPayoutMethodHintUntil: '2024-05-01',
    } satisfies FeatureFlags);
    expect(loadConfig({}).features).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('take what the operator switches', () => {
    const features = loadConfig({
      PROMO_CODES: 'false',
      MOBILE_PAYOUT_CONFIRM_MOBILE: 'false',
      QR_SCAN: 'false',
      CONFIRM_REVIEW_PAYOUT_TYPES: 'mobile, bank',
      NEW_PAYOUT_METHOD_HINT_UNTIL: '2031-02-28',
    }).features;
    expect(features).toMatchObject({
      promoCodes: false,
      confirmMobile: false,
      qrScan: false,
      confirmReviewPayoutTypes: ['mobile', 'bank'],
      newPayoutMethodHintUntil: '2031-02-28',
    });
    expect(loadConfig({ CONFIRM_REVIEW_PAYOUT_TYPES: 'none' }).features.confirmReviewPayoutTypes).toEqual([]);
  });

  it.each([
    ['PROMO_CODES', 'yes', "PROMO_CODES must be true or false, not 'yes'"],
    ['QR_SCAN', 'off', "QR_SCAN must be true or false, not 'off'"],
    ['MOBILE_PAYOUT_CONFIRM_MOBILE', '1', "MOBILE_PAYOUT_CONFIRM_MOBILE must be true or false, not '1'"],
    [
      'CONFIRM_REVIEW_PAYOUT_TYPES',
      'cash,pigeon',
      "CONFIRM_REVIEW_PAYOUT_TYPES must be payout types (mobile, cash, bank, card, wallet) or none, not 'pigeon'",
    ],
    [
      'NEW_PAYOUT_METHOD_HINT_UNTIL',
      '2024.05.01',
      "NEW_PAYOUT_METHOD_HINT_UNTIL must be a day, YYYY-MM-DD, not '2024.05.01'",
    ],
    [
      'NEW_PAYOUT_METHOD_HINT_UNTIL',
      '2024-02-30',
      "NEW_PAYOUT_METHOD_HINT_UNTIL must be a day, YYYY-MM-DD, not '2024-02-30'",
    ],
  ])('refuse to start with a malformed %s (%s)', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it.each([
    ['GROUP_TRANSACTIONS', 'true'],
    ['USER_INFO_STEP', 'false'],
    ['CUSTOM_FEE', 'true'],
    ['CUSTOMER_ID_REQUIRED', 'true'],
    ['DOCUMENT_CHECK_REQUIRED', 'true'],
    ['MANUAL_DOCUMENT_UPLOAD', 'true'],
    ['CUSTOM_COOKIE_POPUP', 'false'],
  ])('refuse to start with %s=%s, behaviour the product does not have', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`${name}=${value} is not supported: `);
    // its SPEC value, said out loud, is fine
    expect(() => loadConfig({ [name]: value === 'true' ? 'false' : 'true' })).not.toThrow();
  });

  it('name every refused variable at once', () => {
    expect(() => loadConfig({ CUSTOM_FEE: 'true', QR_SCAN: 'maybe' })).toThrow(
      /CUSTOM_FEE=true is not supported[\s\S]*QR_SCAN must be true or false/,
    );
  });
});

const CLIENT_PROVIDERS = '/api/locator/client-providers';
const schemaPath = (country: string, payout: string, currency: string) =>
  `${API}/api/v1/schemas/beneficiary?destination_country=${country}&payout_type=${payout}&destination_currency=${currency}`;

describe.each(DATABASE_KINDS)('SPEC §9 configuration flags switched on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      features: {
        ...DEFAULT_FEATURE_FLAGS,
        promoCodes: false,
        qrScan: false,
        confirmMobile: false,
        confirmReviewPayoutTypes: ['mobile'],
        newPayoutMethodHintUntil: '2031-02-28',
      },
    });
  });
  afterAll(() => t.close());

  it('tell the browser what it acts on through the client configuration answer', async () => {
    const res = await t.call('GET', CLIENT_PROVIDERS);
    expect(res.body.data.features).toEqual({
      promo_codes: false,
      qr_scan: false,
      confirm_mobile: false,
      new_payout_method_hint_until: '2031-02-28',
    });
  });

  it('PROMO_CODES=false: no code is listed or priced; a quote without one is priced as ever', async () => {
    const s = await sender(t);
    const list = await t.call('GET', `${API}/remit/options/promotions`, { token: s.token });
    expect(list.status).toBe(404);
    const coded = await t.call('POST', `${API}/remit/remittance/save-quote`, {
      token: s.token,
      body: { ...TO_KENYA_MOBILE, promo_code: 'HALFFEE' },
    });
    expect(coded.status).toBe(422);
    expect(coded.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:InvalidPromotionCode',
      message: 'Promo codes are not offered',
      property_path: 'promo_code',
    });
    const plain = await t.call('POST', `${API}/remit/remittance/save-quote`, { token: s.token, body: TO_KENYA_MOBILE });
    expect(plain.status).toBe(201);
  });

  it('CONFIRM_REVIEW_PAYOUT_TYPES=mobile: a mobile recipient is reviewed before paying, a cash one no longer', async () => {
    const mobile = await t.call('GET', schemaPath('KE', 'mobile', 'KES'));
    expect(mobile.body.meta._constraints.review_required).toBe(true);
    const cash = await t.call('GET', schemaPath('SO', 'cash', 'USD'));
    expect(cash.body.meta._constraints.review_required).toBe(false);
  });
});
