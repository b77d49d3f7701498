import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { outboxHandlers } from '../../../src/server/jobs/handlers.ts';
import { OutboxWorker } from '../../../src/server/jobs/outbox-worker.ts';
import type { AccountKind } from '../../../src/server/ledger/account-kinds.ts';
import { balanceOf } from '../../../src/server/ledger/balances.ts';
import { signedInCustomer } from '../../support/customers.ts';
import type { TestApp } from '../../support/test-app.ts';
import { API, KENYA_MOBILE, typedTwice } from '../beneficiaries/beneficiary-fixtures.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';

export { API };

export const CARDS = {
  approves: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  challenge: '4000 0000 0000 3220',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  amex: '3782 822463 10005',
  /** sandbox country test cards: 4000 0NNN 0000 000x is issued in the country numbered NNN (ISO 3166-1) */
  issuedInUs: '4000 0840 0000 0006',
  issuedInSweden: '4000 0752 0000 0002',
  issuedInBrazil: '4000 0076 0000 0001',
} as const;

/** A card the sandbox approves, issued in the sender's country (GB unless the quote says otherwise). */
export function homeCard(s: Sender): string {
  return s.quote.source_country_iso2 === 'US' ? CARDS.issuedInUs : CARDS.approves;
}

export const TO_KENYA_MOBILE = {
  source_country_iso2: 'GB',
  destination_country_iso2: 'KE',
  payout_type: 'mobile',
  amount: '100.00',
  amount_type: 'SOURCE',
};

export const FROM_US_TO_KENYA_MOBILE = { ...TO_KENYA_MOBILE, source_country_iso2: 'US' };

/** A US sender's home address as onboarding registered it, and as their card's billing address. */
export const US_HOME = { street: '1500 Marilla Street', city: 'Dallas', postcode: '75201', province: 'TX' };
export const US_BILLING = { street: '1500 Marilla Street', city: 'Dallas', state: 'TX', zip: '75201' };
export const US_SSN = '123-45-6789';

/** What a card payment adds to the card: a US sender's billing address and the last four digits of their SSN. */
export function cardPaymentExtras(s: Sender): Record<string, unknown> {
  return s.quote.source_country_iso2 === 'US' ? { billing_address: US_BILLING, ssn_last4: US_SSN.slice(-4) } : {};
}

export const TO_SOMALIA_CASH = { ...TO_KENYA_MOBILE, destination_country_iso2: 'SO', payout_type: 'cash' };

export const newKey = () => randomUUID();

/** A GB customer with a session, a recipient in Kenya and a live quote to pay them. */
export interface Sender {
  id: string;
  token: string;
  quoteId: string;
  beneficiaryId: string;
  /** the save-quote request of the sender's corridor, for fresh quotes (a quote funds one transfer) */
  quote: Record<string, string>;
}

let customers = 0;

export async function sender(
  t: TestApp,
  recipient: { values: Record<string, string> } & Record<string, unknown> = KENYA_MOBILE,
  quote: Record<string, string> = TO_KENYA_MOBILE,
  country = quote.source_country_iso2 ?? 'GB',
): Promise<Sender> {
  customers += 1;
  const id = `cus_sender_${customers}_${randomUUID().slice(0, 8)}`;
  const token = await signedInCustomer(t, id, country);
  if (country === 'US') await usRemitter(t, token);
  const beneficiaryId = await addRecipient(t, token, recipient);
  const quoteId = await saveQuote(t, token, quote);
  return { id, token, quoteId, beneficiaryId, quote };
}

/** A US customer's onboarding answers a card payment is checked against: home address, state and SSN. */
export async function usRemitter(t: TestApp, token: string): Promise<void> {
  const created = await t.call('POST', `${API}/remit/remitter/create`, {
    token,
    body: { first_name: 'Amina', surname: 'Yusuf' }, // the name on the fixture cards (card-fixtures.ts)
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const updated = await t.call('POST', `${API}/remit/remitter/update`, {
    token,
    body: { address: US_HOME, usa_state: US_HOME.province, ssn: US_SSN },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
}

export async function addRecipient(
  t: TestApp,
  token: string,
  body: { values: Record<string, unknown> },
): Promise<string> {
  const res = await t.call('POST', `${API}/api/v1/beneficiaries`, { token, body: typedTwice(body) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

export async function saveQuote(t: TestApp, token: string, body: Record<string, string> = TO_KENYA_MOBILE) {
  const res = await t.call('POST', `${API}/remit/remittance/save-quote`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.quote_id as string;
}

export function create(t: TestApp, token: string, body: unknown, key: string | null = newKey()) {
  return t.call('POST', `${API}/remit/transaction/create`, {
    token,
    body,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

export function createBody(s: Sender, purpose = 'family_support') {
  return { quote_id: s.quoteId, beneficiary_id: s.beneficiaryId, purpose_of_transaction: purpose };
}

/** A new AWAITING transfer of the sender's, on a fresh quote; returns its reference. */
export async function awaitingTransfer(t: TestApp, s: Sender): Promise<string> {
  const res = await create(t, s.token, { ...createBody(s), quote_id: await saveQuote(t, s.token, s.quote) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.trans_ref;
}

export function pay(
  t: TestApp,
  token: string,
  transRef: string,
  cardToken: string,
  key: string | null = newKey(),
  extras: Record<string, unknown> = {},
) {
  return t.call('POST', `${API}/remit/transaction/pay`, {
    token,
    body: { trans_ref: transRef, card_token: cardToken, ...extras },
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

/** Pay with a new card of this number, with what the sender's country asks besides (`cardPaymentExtras`). */
export async function payWith(t: TestApp, s: Sender, transRef: string, number: string) {
  return pay(t, s.token, transRef, await tokenize(t, { number }), newKey(), cardPaymentExtras(s));
}

export function paymentStatus(t: TestApp, token: string, transRef: string) {
  return t.call('GET', `${API}/remit/transaction/payment-status?trans_ref=${transRef}`, { token });
}

export function details(t: TestApp, token: string, transRef: string) {
  return t.call('GET', `${API}/remit/transaction/${transRef}`, { token });
}

/** Run every outbox event due now (payout steps, notifications, expiry). */
export function drain(t: TestApp): Promise<number> {
  return new OutboxWorker(t.deps, outboxHandlers()).drain();
}

/** An account's balance in minor units; 0 when it was never opened. */
export async function balance(t: TestApp, owner: string, kind: AccountKind, currency: string): Promise<bigint> {
  const row = await t.deps.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner', '=', owner)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row ? balanceOf(t.deps.db, row.id) : 0n;
}

/** The platform's balances an approved GBP transfer touches, plus the customer's wallet. */
export async function fundingBalances(t: TestApp, customerId: string) {
  return {
    card_settlement: await balance(t, 'platform', 'card_settlement', 'GBP'),
    fee_revenue: await balance(t, 'platform', 'fee_revenue', 'GBP'),
    payout_clearing: await balance(t, 'platform', 'payout_clearing', 'GBP'),
    wallet: await balance(t, customerId, 'customer_wallet', 'GBP'),
  };
}

/** The ledger transactions (kind, in order) written for a transfer. */
export async function ledgerKinds(t: TestApp, transRef: string): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('ledger_transactions')
    .select('kind')
    .where('reference', '=', transRef)
    .orderBy('created_at')
    .orderBy('kind')
    .execute();
  return rows.map((r) => r.kind);
}

/** The figures of a transfer response, in minor units. */
export function minorFigures(transfer: { send_amount: string; fees: string; total: string; receive_amount: string }) {
  const minor = (value: string) => BigInt(value.replace('.', ''));
  return {
    send: minor(transfer.send_amount),
    fee: minor(transfer.fees),
    total: minor(transfer.total),
    receive: minor(transfer.receive_amount),
  };
}

/** Submit the sandbox 3-D Secure page's form the way a browser does. */
export function answerChallenge(t: TestApp, challengeUrl: string, outcome: 'success' | 'failure') {
  return t.app.request(`${challengeUrl}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
  });
}
