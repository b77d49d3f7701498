import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerSettingsFrom } from '../../../src/server/providers/provider-settings.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { LocalAdyenTransfers } from '../../support/local-adyen-transfers.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, SOMALIA_BANK, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  CARDS,
  details,
  drain,
  ledgerKinds,
  minorFigures,
  payWith,
  type Sender,
  sender,
  TO_KENYA_MOBILE,
} from '../transfers/transfer-fixtures.ts';

const TO_SOMALIA_BANK = { ...TO_KENYA_MOBILE, destination_country_iso2: 'SO', payout_type: 'bank' };
const WEBHOOK = '/api/hooks/payouts/adyen';

describe.each(DATABASE_KINDS)('PAYOUT_PARTNER=adyen on %s', (kind) => {
  let t: TestApp;
  let adyen: LocalAdyenTransfers;
  let step: number;
  beforeAll(async () => {
    adyen = await LocalAdyenTransfers.start();
    t = await createTestApp(kind, { providers: { ...providerSettingsFrom({}), payoutPartner: adyen.settings() } });
    step = t.deps.config.payoutStepSeconds * 1000;
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    await t.close();
    await adyen.close();
  });

  const statusOf = async (s: Sender, ref: string) => (await details(t, s.token, ref)).body.data;
  const deliver = (body: string, signature: string | null) =>
    t.app.request(WEBHOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { HmacSignature: signature }) },
      body,
    });

  /** A transfer to a Somali IBAN, paid and handed to Adyen: SENT, with Adyen's transfer id. */
  async function sentToAdyen(s: Sender): Promise<{ ref: string; transferId: string; receive: bigint }> {
    const ref = await awaitingTransfer(t, s);
    const paid = await payWith(t, s, ref, CARDS.approves);
    expect(paid.body.data.status).toBe('APPROVED');
    t.clock.advance(step);
    await drain(t);
    const sent = await statusOf(s, ref);
    expect(sent.status).toBe('SENT');
    const row = await t.deps.db
      .selectFrom('transfers')
      .select('partner_reference')
      .where('trans_ref', '=', ref)
      .executeTakeFirstOrThrow();
    return { ref, transferId: row.partner_reference ?? '', receive: minorFigures(paid.body.data.transfer).receive };
  }

  it('offers only what Adyen pays out: bank deposits to an IBAN; no other corridor, form or quote', async () => {
    const s = await sender(t, SOMALIA_BANK, TO_SOMALIA_BANK);
    const options = await t.call('GET', `${API}/api/v2/fx-rates?source_country_iso2=GB`, { token: s.token });
    expect(options.status).toBe(200);
    const offered = options.body.data.map(
      (o: { destination_country_iso2: string; payout_type: string }) =>
        `${o.destination_country_iso2} ${o.payout_type}`,
    );
    expect(offered).toContain('SO bank');
    expect(offered.every((o: string) => ['SO bank', 'PK bank'].includes(o))).toBe(true);

    const form = (country: string, type: string, currency: string) =>
      t.call(
        'GET',
        `${API}/api/v1/schemas/beneficiary?destination_country=${country}&payout_type=${type}&destination_currency=${currency}`,
        { token: s.token },
      );
    expect((await form('SO', 'bank', 'USD')).status).toBe(200);
    expect((await form('KE', 'mobile', 'KES')).status).toBe(404);
    expect((await form('KE', 'bank', 'KES')).status).toBe(404); // an account number: Adyen would need the BIC
    const mobile = await t.call('POST', `${API}/api/v1/beneficiaries`, { token: s.token, body: KENYA_MOBILE });
    expect(mobile.status).toBe(404);
    const quote = await t.call('POST', `${API}/remit/remittance/save-quote`, { token: s.token, body: TO_KENYA_MOBILE });
    expect(quote.status).toBe(400);
    expect(quote.body.errors[0]).toMatchObject({ property_path: 'destination_country_iso2' });
  });

  it('pays out to the IBAN under the reference as Idempotency-Key; the signed webhooks move it to PAID', async () => {
    const s = await sender(t, SOMALIA_BANK, TO_SOMALIA_BANK);
    const { ref, transferId, receive } = await sentToAdyen(s);
    const [request, ...more] = adyen.requests.filter((r) => r.body?.reference === ref);
    expect(more).toEqual([]);
    expect(request).toMatchObject({ apiKey: adyen.apiKey, idempotencyKey: `payout:${ref}` });
    expect(request?.body).toMatchObject({
      amount: { value: Number(receive), currency: 'USD' },
      balanceAccountId: adyen.balanceAccountId,
      category: 'bank',
      counterparty: {
        bankAccount: {
          accountHolder: { fullName: 'Ahmed Ali Jama', firstName: 'Ahmed', lastName: 'Jama', type: 'individual' },
          accountIdentification: { type: 'iban', iban: 'SO211000001001000100141' },
        },
      },
    });
    expect(adyen.transfers.has(transferId)).toBe(true);

    // booked: the money has left our balance account, the bank has not said it credited the account
    const booked = adyen.webhook(transferId, { status: 'booked' });
    const answer = await deliver(booked.body, booked.signature);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ notificationResponse: '[accepted]' });
    expect((await statusOf(s, ref)).status).toBe('SENT');
    // still SENT after the next check: the status is what Adyen's webhooks said
    t.clock.advance(step);
    await drain(t);
    expect((await statusOf(s, ref)).status).toBe('SENT');

    const credited = adyen.webhook(transferId, { status: 'booked', credited: true });
    expect((await deliver(credited.body, credited.signature)).status).toBe(200);
    const paid = await statusOf(s, ref);
    expect(paid).toMatchObject({ status: 'PAID', status_label: 'completed' });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_payout']);

    // a late, older webhook changes nothing
    const late = adyen.webhook(transferId, { status: 'authorised', sequenceNumber: 1 });
    expect((await deliver(late.body, late.signature)).status).toBe(200);
    expect(
      await t.deps.db
        .selectFrom('adyen_payouts')
        .select(['status', 'credited'])
        .where('transfer_id', '=', transferId)
        .executeTakeFirst(),
    ).toEqual({ status: 'booked', credited: true });
    expect(adyen.allProblems()).toEqual([]);
  });

  it('a forged webhook changes nothing; a failure for an unknown account closes the transfer and refunds it', async () => {
    const s = await sender(t, SOMALIA_BANK, TO_SOMALIA_BANK);
    const { ref, transferId } = await sentToAdyen(s);
    const failed = adyen.webhook(transferId, { status: 'failed', reason: 'counterpartyAccountNotFound' });
    const other = adyen.webhook(transferId, { status: 'failed' }, Buffer.alloc(32, 9));
    for (const signature of [other.signature, null, 'zz']) {
      const forged = await deliver(failed.body, signature);
      expect(forged.status).toBe(401);
      const refused = (await forged.json()) as { errors: { type: string }[] };
      expect(refused.errors[0]?.type).toBe('urn:sarraf:error:Unauthorized');
    }
    expect((await statusOf(s, ref)).status).toBe('SENT');

    expect((await deliver(failed.body, failed.signature)).status).toBe(200);
    const closed = await statusOf(s, ref);
    expect(closed).toMatchObject({ status: 'CLOSED', close_reason: 'rejected' });
    expect(closed.events.at(-1)).toMatchObject({ status: 'CLOSED', reason: 'recipient_details_mismatch' });
    expect(await ledgerKinds(t, ref)).toEqual(['card_payment', 'transfer_funding', 'transfer_refund']);
    expect(adyen.allProblems()).toEqual([]);
  });

  it('cannot recall or change a transfer Adyen has: the partner answers too late', async () => {
    const s = await sender(t, SOMALIA_BANK, TO_SOMALIA_BANK);
    const { ref, transferId } = await sentToAdyen(s);
    expect(await t.deps.providers.payoutPartner.cancel(transferId)).toBe('too_late');
    expect(await t.deps.providers.payoutPartner.amend(transferId, { iban: 'SO061000001123123456789' })).toBe(false);
    const update = await t.call('POST', `${API}/remit/transaction/update-payout-details`, {
      token: s.token,
      body: { trans_ref: ref, values: { iban: 'SO06 1000 0011 2312 3456 789' } },
    });
    expect(update.status).toBe(409);
    expect(update.body.errors[0].type).toBe('urn:sarraf:error:PayoutAlreadyMade');
    await expect(t.deps.providers.payoutPartner.status('UNKNOWN')).rejects.toThrow();
  });

  it('a webhook of another balance account, or not a bank payout, is accepted and ignored', async () => {
    const s = await sender(t, withValues(SOMALIA_BANK, { first_name: 'Faadumo' }), TO_SOMALIA_BANK);
    const { ref, transferId } = await sentToAdyen(s);
    const credited = adyen.webhook(transferId, { status: 'booked', credited: true });
    const elsewhere = JSON.parse(credited.body);
    elsewhere.data.balanceAccount.id = 'BA0THERACC0UNT1';
    const body = JSON.stringify(elsewhere);
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', adyen.hmacKey).update(body, 'utf8').digest('base64');
    expect((await deliver(body, signature)).status).toBe(200);
    expect((await statusOf(s, ref)).status).toBe('SENT');
  });
});
