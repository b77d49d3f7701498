import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../src/server/auth/sessions.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  create,
  createBody,
  details,
  drain,
  payWith,
  saveQuote,
  sender,
} from '../transfers/transfer-fixtures.ts';

const BENEFICIARIES = `${API}/api/v1/beneficiaries`;
const TOKENIZE = '/sandbox/payout-cards/tokens';

/** Sandbox payout cards: 4000 0NNN 0000 000x is issued in the country numbered NNN; …0012 is held by Wanjiru Kamau. */
const PAYOUT_CARDS = {
  kenyan: '4000 0404 0000 0004',
  kenyanHeldByWanjiru: '4000 0404 0000 0012',
  philippine: '4000 0608 0000 0008',
  british: '4242 4242 4242 4242',
  amex: '3782 822463 10005',
};

const TO_KENYA_CARD = {
  source_country_iso2: 'GB',
  destination_country_iso2: 'KE',
  payout_type: 'card',
  amount: '100.00',
  amount_type: 'SOURCE',
};

function cardRecipient(cardToken: string, names: { first_name: string; last_name: string; middle_name?: string }) {
  return {
    destination_country: 'KE',
    payout_type: 'card',
    destination_currency: 'KES',
    values: { ...names, card_token: cardToken, relationship: 'sibling', purpose_of_transaction: 'family_support' },
  };
}

const AMINA = { first_name: 'Amina', last_name: 'Otieno' };

describe.each(DATABASE_KINDS)('card payout recipients on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
  });

  /** The browser's call to the card payout gateway: a single-use token for the card. */
  async function tokenizePayoutCard(number: string, name = 'Amina Otieno', expYear = 2030): Promise<string> {
    const res = await t.call('POST', TOKENIZE, { body: { number, exp_month: 12, exp_year: expYear, name } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.token).toMatch(/^ptk_/);
    return res.body.data.token;
  }

  async function saveCardRecipient(token: string, cardToken: string, names = AMINA) {
    return t.call('POST', BENEFICIARIES, { token, body: cardRecipient(cardToken, names) });
  }

  it('serves a card form whose card is tokenized at the gateway, and no such link on other forms', async () => {
    const s = await sender(t);
    const card = await t.call(
      'GET',
      `${API}/api/v1/schemas/beneficiary?destination_country=KE&payout_type=card&destination_currency=KES`,
      { token: s.token },
    );
    expect(card.status).toBe(200);
    expect(card.body.data.fields.map((f: { name: string }) => f.name)).toEqual([
      'first_name',
      'middle_name',
      'last_name',
      'card_token',
      'relationship',
      'purpose_of_transaction',
    ]);
    expect(card.body.meta._links.tokenize_card).toEqual({ href: TOKENIZE, method: 'POST' });
    const mobile = await t.call(
      'GET',
      `${API}/api/v1/schemas/beneficiary?destination_country=KE&payout_type=mobile&destination_currency=KES`,
      { token: s.token },
    );
    expect(mobile.body.meta._links.tokenize_card).toBeUndefined();
  });

  it('keeps the card behind a stored token and shows only its brand, last four and expiry', async () => {
    const s = await sender(t);
    const res = await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyan));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const saved = res.body.data;
    expect(saved.payout_label).toBe('Visa •••• 0004');
    expect(saved.card).toEqual({
      guid: expect.stringMatching(/^pcd_/),
      brand: 'visa',
      last4: '0004',
      expire: '12/30',
      is_expired: false,
    });
    expect(saved.values.card_token).toBe(saved.card.guid);
    expect(JSON.stringify(saved)).not.toContain('4000040400000004');

    // the same card again, by a retried save or by a new token, is the same recipient
    const again = await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyan));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].type).toBe('urn:sarraf:error:BeneficiaryAlreadyExists');

    // an update that keeps the card sends its stored token back; the names may change
    const kept = await t.call('PUT', `${BENEFICIARIES}/${saved.id}`, {
      token: s.token,
      body: { values: { ...cardRecipient(saved.card.guid, AMINA).values, middle_name: 'Achieng' } },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.card.guid).toBe(saved.card.guid);
  });

  it('refuses a card issued outside the destination country as SPEC’s issuer-country mismatch, saving or editing', async () => {
    const s = await sender(t);
    const before = await t.call('GET', BENEFICIARIES, { token: s.token });
    const expected = {
      type: 'urn:sarraf:error:IssuerCardCountryNotEqualBeneficiaryCountry',
      message: 'Enter a card issued in Kenya',
      property_path: 'values.card_token',
    };
    const refused = await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.british));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expected]);
    expect((await t.call('GET', BENEFICIARIES, { token: s.token })).body.data.data).toEqual(before.body.data.data);

    const saved = (await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyan))).body.data;
    const edited = await t.call('PUT', `${BENEFICIARIES}/${saved.id}`, {
      token: s.token,
      body: { values: cardRecipient(await tokenizePayoutCard(PAYOUT_CARDS.philippine), AMINA).values },
    });
    expect(edited.status).toBe(422);
    expect(edited.body.errors).toEqual([expected]);
    const kept = await t.call('GET', `${BENEFICIARIES}/${saved.id}`, { token: s.token });
    expect(kept.body.data.card.guid).toBe(saved.card.guid);
  });

  it.each([
    ['a card that is not Visa or Mastercard', PAYOUT_CARDS.amex, AMINA, 'We pay out only to Visa and Mastercard cards'],
    [
      'a card held in another name',
      PAYOUT_CARDS.kenyanHeldByWanjiru,
      AMINA,
      "The card must be in the recipient's name. Check the names against the card.",
    ],
  ])('refuses %s on values.card_token and saves nothing', async (_case, number, names, message) => {
    const s = await sender(t);
    const before = await t.call('GET', BENEFICIARIES, { token: s.token });
    const res = await saveCardRecipient(s.token, await tokenizePayoutCard(number), names);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      type: 'urn:sarraf:error:ValidationFailed',
      message,
      property_path: 'values.card_token',
    });
    expect((await t.call('GET', BENEFICIARIES, { token: s.token })).body.data.data).toEqual(before.body.data.data);
  });

  it("takes a card held in the recipient's name whatever its letter case and accents", async () => {
    const s = await sender(t);
    const res = await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyanHeldByWanjiru), {
      first_name: 'WANJIRÚ',
      last_name: 'kamau',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it("refuses an unknown token, and another customer's stored card, as a card to enter again", async () => {
    const owner = await sender(t);
    const theirs = (await saveCardRecipient(owner.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyan))).body.data;
    const stranger = await sender(t);
    for (const cardToken of ['ptk_unknown0000000000000', theirs.card.guid]) {
      const res = await saveCardRecipient(stranger.token, cardToken);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        message: 'Enter the card again: its details have run out',
        property_path: 'values.card_token',
      });
    }
  });

  it('pays out a paid transfer to the card within the hour, the partner given only the stored token', async () => {
    const s = await sender(t);
    const recipient = (await saveCardRecipient(s.token, await tokenizePayoutCard(PAYOUT_CARDS.kenyan))).body.data;
    const quote = await t.call('POST', `${API}/remit/remittance/save-quote`, { token: s.token, body: TO_KENYA_CARD });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body.data.delivery_hours).toBe(1);

    const cardSender = { ...s, beneficiaryId: recipient.id, quote: TO_KENYA_CARD };
    const ref = await awaitingTransfer(t, cardSender);
    expect((await payWith(t, cardSender, ref, CARDS.approves)).body.data.status).toBe('APPROVED');
    // paid and not yet paid out, but no payout detail to correct: the card is the recipient's
    expect((await details(t, s.token, ref)).body.data).toMatchObject({
      status: 'PENDING',
      payout_details_changeable: false,
    });
    for (let step = 0; step < 4; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
    const paid = (await details(t, s.token, ref)).body.data;
    expect(paid.status).toBe('PAID');
    expect(paid.payout_label).toBe('Visa •••• 0004');
    const order = await t.deps.db
      .selectFrom('sandbox_payouts')
      .select(['payout_type', 'payout_details'])
      .where('reference', '=', ref)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({
      payout_type: 'card',
      payout_details: {
        card_token: recipient.card.guid,
        relationship: 'sibling',
        purpose_of_transaction: 'family_support',
      },
    });
  });

  it('says when a saved card has expired, and makes no transfer to it until the card is replaced', async () => {
    const s = await sender(t);
    const year = t.clock.now().getUTCFullYear();
    const month = t.clock.now().getUTCMonth() + 1;
    const res = await t.call('POST', TOKENIZE, {
      body: { number: PAYOUT_CARDS.kenyan, exp_month: month, exp_year: year, name: 'Amina Otieno' },
    });
    const saved = await saveCardRecipient(s.token, res.body.data.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const recipient = saved.body.data;
    expect(recipient.card.is_expired).toBe(false);

    // the first day of the next month: the card ran out at the end of the last (and so did the session)
    t.clock.advance(32 * 24 * 3600 * 1000);
    s.token = (await createSession(t.deps.db, t.deps.config, t.clock, s.id)).token;
    const listed = (await t.call('GET', `${BENEFICIARIES}/${recipient.id}`, { token: s.token })).body.data;
    expect(listed.card).toMatchObject({ expire: `${String(month).padStart(2, '0')}/${year % 100}`, is_expired: true });

    const quoteId = await saveQuote(t, s.token, TO_KENYA_CARD);
    const refused = await create(t, s.token, { ...createBody({ ...s, quoteId, beneficiaryId: recipient.id }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].property_path).toBe('beneficiary_id');
    expect(refused.body.errors[0].message).toContain('expired');

    // a new card in the same recipient: transfers go again
    const renewed = await t.call('PUT', `${BENEFICIARIES}/${recipient.id}`, {
      token: s.token,
      body: {
        values: cardRecipient(await tokenizePayoutCard(PAYOUT_CARDS.kenyan, 'Amina Otieno', year + 3), AMINA).values,
      },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body.data.card.is_expired).toBe(false);
    const made = await create(t, s.token, createBody({ ...s, quoteId, beneficiaryId: recipient.id }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });
});
