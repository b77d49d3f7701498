import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS } from '../../../src/server/abuse-limits/limits.ts';
import { createSession } from '../../../src/server/auth/sessions.ts';
import type { CardGateway } from '../../../src/server/providers/card-gateway/card-gateway.ts';
import { signedInCustomer } from '../../support/customers.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { countTableWrites, type WriteCounts, writtenTables } from '../../support/table-writes.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE } from '../beneficiaries/beneficiary-fixtures.ts';
import { tokenize } from '../card-gateway/card-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  addRecipient,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  FROM_US_TO_KENYA_MOBILE,
  ledgerKinds,
  newKey,
  type Sender,
  saveQuote,
  sender,
  US_BILLING,
  US_HOME,
} from './transfer-fixtures.ts';

const errorOf = (body: any) => body.errors[0];
const refusal = (res: { status: number; body: any }) => ({
  status: res.status,
  type: errorOf(res.body)?.type.replace('urn:sarraf:error:', ''),
  property_path: errorOf(res.body)?.property_path,
});
const RIGHT = '6789';
const WRONG = '6788';

/**
 * A card payment from the United States (SPEC §2 payment: US billing address,
 * the SSN last-4 modal; SPEC §5: the card's billing address matches the
 * registered address): every payment gives the card's billing address, which
 * must be the customer's home address, and the first one the last four digits
 * of their SSN. Refusals write nothing and never reach the gateway.
 */
describe.each(DATABASE_KINDS)(
  'a card payment from the United States (and a billing address from elsewhere) on %s',
  (kind) => {
    let t: TestApp;
    let writes: () => Promise<WriteCounts>;
    beforeAll(async () => {
      t = await createTestApp(kind);
      writes = await countTableWrites(t.deps.db);
    });
    afterAll(async () => {
      await expectLedgerInvariants(t.deps.db);
      await t.close();
    });

    const usSender = () => sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const payBy = async (s: Sender, body: Record<string, unknown>, key = newKey()) =>
      t.call('POST', `${API}/remit/transaction/pay`, { token: s.token, body, headers: { 'Idempotency-Key': key } });
    /** A new card of the sender's own country, ready to pay `ref` with whatever else `extras` gives. */
    const newCard = async (ref: string, extras: Record<string, unknown> = {}) => ({
      trans_ref: ref,
      card_token: await tokenize(t, { number: CARDS.issuedInUs }),
      ...extras,
    });
    const gatewayPayments = (ref: string) =>
      t.deps.db.selectFrom('sandbox_card_payments').selectAll().where('reference', '=', ref).execute();
    const ssnConfirmedAt = async (s: Sender) =>
      (
        await t.deps.db
          .selectFrom('remitters')
          .select('ssn_confirmed_at')
          .where('customer_id', '=', s.id)
          .executeTakeFirstOrThrow()
      ).ssn_confirmed_at;
    /** The tables a call wrote to, sessions (every call's last-seen) aside. */
    const tablesWrittenBy = async <T>(call: () => Promise<T>): Promise<{ result: T; tables: string[] }> => {
      const before = await writes();
      const result = await call();
      const tables = writtenTables(before, await writes()).filter((table) => table !== 'sessions');
      return { result, tables };
    };

    it('refuses a payment without the card’s billing address, or with a malformed one, with 400, writing nothing', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const cases: [Record<string, unknown>, string][] = [
        [{ ssn_last4: RIGHT }, 'billing_address'],
        [{ billing_address: { ...US_BILLING, zip: '7520' }, ssn_last4: RIGHT }, 'billing_address.zip'],
        [{ billing_address: { ...US_BILLING, zip: '75201-12' }, ssn_last4: RIGHT }, 'billing_address.zip'],
        [{ billing_address: { ...US_BILLING, state: 'XX' }, ssn_last4: RIGHT }, 'billing_address.state'],
        [{ billing_address: { ...US_BILLING, street: '   ' }, ssn_last4: RIGHT }, 'billing_address.street'],
        [{ billing_address: { street: US_BILLING.street, city: 'Dallas', zip: '75201' } }, 'billing_address.state'],
      ];
      for (const [extras, path] of cases) {
        const body = await newCard(ref, extras);
        const { result, tables } = await tablesWrittenBy(() => payBy(s, body));
        expect(refusal(result), JSON.stringify(extras)).toEqual({
          status: 400,
          // SPEC §8: a value left blank is ValueNotBeBlank
          type: path === 'billing_address.street' ? 'ValueNotBeBlank' : 'ValidationFailed',
          property_path: path,
        });
        expect(tables, JSON.stringify(extras)).toEqual([]);
      }
      expect(errorOf((await payBy(s, await newCard(ref, { ssn_last4: RIGHT }))).body).message).toBe(
        "A card payment from the United States needs the card's billing address",
      );
    });

    it('refuses a billing address other than the registered home address (InvalidInformation), writing nothing', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      for (const other of [
        { street: '1501 Marilla Street' },
        { city: 'Houston' },
        { state: 'CA' },
        { zip: '75202' },
        { zip: '75202-0001' },
      ]) {
        const body = await newCard(ref, { billing_address: { ...US_BILLING, ...other }, ssn_last4: RIGHT });
        const { result, tables } = await tablesWrittenBy(() => payBy(s, body));
        expect(refusal(result), JSON.stringify(other)).toEqual({
          status: 400,
          type: 'InvalidInformation',
          property_path: 'billing_address',
        });
        expect(errorOf(result.body).message).toBe(
          "Your card's billing address must be your home address, as you registered it with us. Use a card whose bank has your home address.",
        );
        expect(tables, JSON.stringify(other)).toEqual([]);
      }
      expect(await gatewayPayments(ref)).toEqual([]);
      expect(await ssnConfirmedAt(s)).toBeNull();
    });

    it('asks for the SSN digits before the first card payment (SSNNotDefined), then refuses wrong ones, writing nothing else', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const withoutDigits = await newCard(ref, { billing_address: US_BILLING });
      const missing = await tablesWrittenBy(() => payBy(s, withoutDigits));
      expect(refusal(missing.result)).toEqual({ status: 400, type: 'SSNNotDefined', property_path: 'ssn_last4' });
      expect(errorOf(missing.result.body).message).toBe(
        'Confirm the last 4 digits of your Social Security number to pay by card',
      );
      expect(missing.tables).toEqual([]);

      for (const malformed of ['678', '67890', '67a9', '']) {
        const body = await newCard(ref, { billing_address: US_BILLING, ssn_last4: malformed });
        const res = await tablesWrittenBy(() => payBy(s, body));
        expect(refusal(res.result), malformed).toEqual({
          status: 400,
          type: malformed === '' ? 'ValueNotBeBlank' : 'ValidationFailed',
          property_path: 'ssn_last4',
        });
        expect(res.tables).toEqual([]);
      }

      const body = await newCard(ref, { billing_address: US_BILLING, ssn_last4: WRONG });
      const wrong = await tablesWrittenBy(() => payBy(s, body));
      expect(refusal(wrong.result)).toEqual({ status: 400, type: 'InvalidInformation', property_path: 'ssn_last4' });
      expect(errorOf(wrong.result.body).message).toBe(
        'These are not the last 4 digits of the Social Security number you gave us',
      );
      // only the wrong try is counted; no attempt, no charge, no confirmation
      expect(wrong.tables).toEqual(['abuse_limit_counters']);
      expect(await gatewayPayments(ref)).toEqual([]);
      expect(await ssnConfirmedAt(s)).toBeNull();
    });

    it('takes the home address in any letter case and spacing and as ZIP+4, with the right digits: approved, the gateway told the address; the next payment needs no digits', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const typed = { street: ' 1500  MARILLA street', city: 'dallas ', state: 'tx', zip: '75201-4321' };
      const res = await payBy(s, await newCard(ref, { billing_address: typed, ssn_last4: RIGHT }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
      expect(await ssnConfirmedAt(s)).toEqual(t.clock.now());
      const [payment] = await gatewayPayments(ref);
      expect(payment?.billing_address).toEqual({
        street: '1500  MARILLA street',
        city: 'dallas',
        state: 'TX',
        zip: '75201-4321',
      });
      expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding']);

      const next = await awaitingTransfer(t, s);
      const again = await payBy(s, await newCard(next, { billing_address: US_BILLING }));
      expect(again.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
      expect((await gatewayPayments(next))[0]?.billing_address).toEqual(US_BILLING);
      // the billing address is still asked for every payment
      const third = await awaitingTransfer(t, s);
      expect(refusal(await payBy(s, await newCard(third)))).toMatchObject({ property_path: 'billing_address' });
    });

    it('asks the same of a saved card: billing address every time, the SSN digits the first time', async () => {
      const s = await usSender();
      const saved = await t.call('POST', `${API}/remit/card/add`, {
        token: s.token,
        body: { single_use_token: await tokenize(t, { number: CARDS.issuedInUs }) },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      const card = { saved_card_id: saved.body.data.card_id };
      const ref = await awaitingTransfer(t, s);
      expect(refusal(await payBy(s, { trans_ref: ref, ...card }))).toMatchObject({ property_path: 'billing_address' });
      expect(refusal(await payBy(s, { trans_ref: ref, ...card, billing_address: US_BILLING }))).toEqual({
        status: 400,
        type: 'SSNNotDefined',
        property_path: 'ssn_last4',
      });
      const res = await payBy(s, { trans_ref: ref, ...card, billing_address: US_BILLING, ssn_last4: RIGHT });
      expect(res.body.data).toMatchObject({ status: 'APPROVED' });
      expect((await gatewayPayments(ref))[0]?.billing_address).toEqual(US_BILLING);
    });

    it('answers a retry with the same key with the same result, without asking for the digits again', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const body = await newCard(ref, { billing_address: US_BILLING, ssn_last4: RIGHT });
      const key = newKey();
      const first = await payBy(s, body, key);
      const again = await payBy(s, body, key);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      expect(await gatewayPayments(ref)).toHaveLength(1);
    });

    it('tells the gateway the same billing address when the server settles a payment it died during', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const gateway = t.deps.providers.cardGateway;
      const dying: CardGateway = {
        ...gateway,
        async authorize(request) {
          await gateway.authorize(request);
          throw new Error('the server died here');
        },
      };
      t.deps.providers.cardGateway = dying;
      try {
        const body = await newCard(ref, { billing_address: US_BILLING, ssn_last4: RIGHT });
        expect((await payBy(s, body)).status).toBe(500);
      } finally {
        t.deps.providers.cardGateway = gateway;
      }
      t.clock.advance(t.deps.config.paymentReconcileSeconds * 1000);
      await drain(t);
      // the gateway answers the same key only for the same request, billing address included
      expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
      expect(await gatewayPayments(ref)).toEqual([
        expect.objectContaining({ status: 'APPROVED', billing_address: US_BILLING }),
      ]);
    });

    it('tells a US customer we hold no SSN for to contact support (SSNNotDefined), writing nothing', async () => {
      const id = `cus_us_no_ssn_${newKey().slice(0, 8)}`;
      const token = await signedInCustomer(t, id, 'US');
      const remitter = (path: string, body: unknown) =>
        t.call('POST', `${API}/remit/remitter/${path}`, { token, body });
      expect((await remitter('create', { first_name: 'Amina', surname: 'Warsame' })).status).toBe(201);
      expect((await remitter('update', { address: US_HOME })).status).toBe(200);
      const s: Sender = {
        id,
        token,
        beneficiaryId: await addRecipient(t, token, KENYA_MOBILE),
        quoteId: await saveQuote(t, token, FROM_US_TO_KENYA_MOBILE),
        quote: FROM_US_TO_KENYA_MOBILE,
      };
      const ref = await awaitingTransfer(t, s);
      for (const extras of [{ billing_address: US_BILLING }, { billing_address: US_BILLING, ssn_last4: RIGHT }]) {
        const body = await newCard(ref, extras);
        const { result, tables } = await tablesWrittenBy(() => payBy(s, body));
        expect(refusal(result)).toEqual({ status: 400, type: 'SSNNotDefined', property_path: null });
        expect(errorOf(result.body).message).toContain('Contact customer support');
        expect(tables).toEqual([]);
      }
    });

    it('refuses more than 5 wrong tries in 24 hours with 429, the right digits too, until the window ends', async () => {
      const s = await usSender();
      const ref = await awaitingTransfer(t, s);
      const { max } = ABUSE_LIMITS.ssnTriesPerCustomer;
      for (let i = 0; i < max; i += 1) {
        const res = await payBy(s, await newCard(ref, { billing_address: US_BILLING, ssn_last4: WRONG }));
        expect(refusal(res), `try ${i + 1}`).toMatchObject({ type: 'InvalidInformation' });
      }
      for (const digits of [WRONG, RIGHT]) {
        const over = await payBy(s, await newCard(ref, { billing_address: US_BILLING, ssn_last4: digits }));
        expect(refusal(over), digits).toEqual({ status: 429, type: 'AttemptLimit', property_path: 'ssn_last4' });
        expect(errorOf(over.body).message).toBe(
          'Too many wrong tries of your Social Security number. Try again tomorrow, or contact customer support.',
        );
        expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      }
      expect(await gatewayPayments(ref)).toEqual([]);
      expect(await ssnConfirmedAt(s)).toBeNull();

      t.clock.advance(24 * 3600 * 1000);
      const { token } = await createSession(t.deps.db, t.deps.config, t.clock, s.id);
      const later = { ...s, token };
      const fresh = await awaitingTransfer(t, later);
      const res = await payBy(later, await newCard(fresh, { billing_address: US_BILLING, ssn_last4: RIGHT }));
      expect(res.body.data).toMatchObject({ status: 'APPROVED' });
    });

    it('refuses SSN digits and a state from a GB sender (400), and checks their billing address only when given', async () => {
      const s = await sender(t);
      const home = { street: '12 Station Road', city: 'Leeds', postcode: 'LS1 4DY', province: null };
      for (const body of [{ first_name: 'Amina', surname: 'Yusuf' }, { address: home }]) {
        const path = 'first_name' in body ? 'create' : 'update';
        const res = await t.call('POST', `${API}/remit/remitter/${path}`, { token: s.token, body });
        expect(res.status, JSON.stringify(res.body)).toBe(path === 'create' ? 201 : 200);
      }
      const billing = { street: '12 Station Road', city: 'Leeds', zip: 'LS1 4DY' };
      const ref = await awaitingTransfer(t, s);
      const card = async () => ({ trans_ref: ref, card_token: await tokenize(t, { number: CARDS.approves }) });
      for (const [extras, expected, message] of [
        [
          { ssn_last4: RIGHT },
          { status: 400, type: 'ValidationFailed', property_path: 'ssn_last4' },
          'ssn_last4 is only taken for payments from the United States',
        ],
        [
          { billing_address: { ...billing, state: 'TX' } },
          { status: 400, type: 'ValidationFailed', property_path: 'billing_address.state' },
          'A billing address has a state only in the United States',
        ],
        [
          { billing_address: { ...billing, zip: 'LS1 4DY; drop' } },
          { status: 400, type: 'ValidationFailed', property_path: 'billing_address.zip' },
          'Enter the postcode: letters, digits, spaces and hyphens, at most 10',
        ],
        [
          { billing_address: { ...billing, zip: 'LS2 7HY' } },
          { status: 400, type: 'InvalidInformation', property_path: 'billing_address' },
          "Your card's billing address must be your home address, as you registered it with us. Use a card whose bank has your home address.",
        ],
      ] as const) {
        const body = { ...(await card()), ...extras };
        const { result, tables } = await tablesWrittenBy(() => payBy(s, body));
        expect(refusal(result), JSON.stringify(extras)).toEqual(expected);
        expect(errorOf(result.body).message).toBe(message);
        expect(tables).toEqual([]);
      }
      expect(await gatewayPayments(ref)).toEqual([]);

      // the home address as typed on the pay step: to the gateway with the sender's country
      const typed = { street: '12  STATION road ', city: 'leeds', zip: 'ls1 4dy' };
      const res = await payBy(s, { ...(await card()), billing_address: typed });
      expect(res.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
      expect((await gatewayPayments(ref))[0]?.billing_address).toEqual({
        street: '12  STATION road',
        city: 'leeds',
        zip: 'ls1 4dy',
        country: 'GB',
      });
      // without one (a schedule's run, an API caller), as before
      const next = await awaitingTransfer(t, s);
      const plain = await payBy(s, { trans_ref: next, card_token: await tokenize(t, { number: CARDS.approves }) });
      expect(plain.body.data).toMatchObject({ status: 'APPROVED', transfer: { status: 'PENDING' } });
      expect((await gatewayPayments(next))[0]?.billing_address).toBeNull();
    });
  },
);
