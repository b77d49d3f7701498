import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transfersOffTheirPostings } from '../../../src/server/modules/transfers/transfer-ledger-check.ts';
import { DATABASE_KINDS } from '../../support/databases.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { KENYA_MOBILE, withValues } from '../beneficiaries/beneficiary-fixtures.ts';
import { expectLedgerInvariants } from '../ledger/ledger-fixtures.ts';
import {
  API,
  awaitingTransfer,
  balance,
  CARDS,
  details,
  drain,
  FROM_US_TO_KENYA_MOBILE,
  ledgerKinds,
  payWith,
  type Sender,
  sender,
  TO_KENYA_MOBILE,
} from './transfer-fixtures.ts';

const errorOf = (body: any) => body.errors[0];

describe.each(DATABASE_KINDS)('paying a transfer by bank transfer on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await expectLedgerInvariants(t.deps.db);
    expect(await transfersOffTheirPostings(t.deps.db)).toEqual([]);
    await t.close();
  });

  const chooseBank = (s: Sender, transRef: string) =>
    t.call('POST', `${API}/remit/transaction/set-payment-type`, {
      token: s.token,
      body: { trans_ref: transRef, payment_type: 'bank' },
    });
  /** The sandbox bank's "funds arrived" control: its status and `data`. */
  async function fundsArrive(body: Record<string, string>): Promise<{ status: number; data: any }> {
    const res = await t.app.request('/sandbox/bank/credits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer: any = await res.json();
    return { status: res.status, data: answer.data };
  }

  async function waitingForBank(s: Sender) {
    const ref = await awaitingTransfer(t, s);
    const res = await chooseBank(s, ref);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ref, transfer: res.body.data };
  }

  it('gives our account details and the transfer’s reference, then books the exact amount: PENDING', async () => {
    const s = await sender(t);
    const { ref, transfer } = await waitingForBank(s);
    expect(transfer).toMatchObject({ status: 'AWAITING', payment_type: 'bank' });
    expect(transfer.bank_transfer).toEqual({
      account_name: 'Sarraf Client Money',
      bank_name: 'Sandbox Bank UK',
      account: [
        { field: 'sort_code', value: '04-00-75' },
        { field: 'account_number', value: '18273645' },
      ],
      amount: transfer.total,
      currency: 'GBP',
      reference: ref,
    });
    const res = await fundsArrive({
      id: `bank-${ref}`,
      reference: ` ${ref.toLowerCase()} `,
      amount: transfer.total,
      currency: 'GBP',
    });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: `bank-${ref}`, booked_to: 'transfer', reference: ref });
    const paid = (await details(t, s.token, ref)).body.data;
    expect(paid).toMatchObject({ status: 'PENDING', payment_type: 'bank', bank_transfer: null });
    expect(await ledgerKinds(t, ref)).toEqual(['bank_payment', 'transfer_funding']);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(0n);

    // the bank reporting the same credit again books nothing more
    const again = await fundsArrive({ id: `bank-${ref}`, reference: ref, amount: transfer.total, currency: 'GBP' });
    expect(again.data.booked_to).toBe('transfer');
    expect(await ledgerKinds(t, ref)).toEqual(['bank_payment', 'transfer_funding']);
    // a second payment for a paid transfer is kept for the customer, in their wallet
    const second = await fundsArrive({ reference: ref, amount: transfer.total, currency: 'GBP' });
    expect(second.data.booked_to).toBe('wallet');
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(BigInt(transfer.total.replace('.', '')));
    expect((await details(t, s.token, ref)).body.data.status).toBe('PENDING');
  });

  it('gives a Canadian sender our account by institution, transit and account number, and books the exact CAD amount', async () => {
    const s = await sender(t, KENYA_MOBILE, { ...TO_KENYA_MOBILE, source_country_iso2: 'CA' });
    const { ref, transfer } = await waitingForBank(s);
    expect(transfer).toMatchObject({ status: 'AWAITING', payment_type: 'bank', source_currency: 'CAD' });
    expect(transfer.bank_transfer).toEqual({
      account_name: 'Sarraf Client Money',
      bank_name: 'Sandbox Bank Canada',
      account: [
        { field: 'institution_number', value: '001' },
        { field: 'transit_number', value: '00011' },
        { field: 'account_number', value: '1234567' },
      ],
      amount: transfer.total,
      currency: 'CAD',
      reference: ref,
    });
    const res = await fundsArrive({ id: `bank-${ref}`, reference: ref, amount: transfer.total, currency: 'CAD' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ id: `bank-${ref}`, booked_to: 'transfer', reference: ref });
    expect((await details(t, s.token, ref)).body.data).toMatchObject({
      status: 'PENDING',
      payment_type: 'bank',
      bank_transfer: null,
    });
    expect(await ledgerKinds(t, ref)).toEqual(['bank_payment', 'transfer_funding']);
    expect(await balance(t, s.id, 'customer_wallet', 'CAD')).toBe(0n);
  });

  it('books another amount, another currency or money after the rate ran out to the wallet; the transfer waits or expires', async () => {
    const s = await sender(t);
    const { ref, transfer } = await waitingForBank(s);
    const short = await fundsArrive({ reference: ref, amount: '1.00', currency: 'GBP' });
    expect(short.data.booked_to).toBe('wallet');
    const euros = await fundsArrive({ reference: ref, amount: transfer.total, currency: 'EUR' });
    expect(euros.data.booked_to).toBe('wallet');
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(1_00n);
    expect(await balance(t, s.id, 'customer_wallet', 'EUR')).toBe(BigInt(transfer.total.replace('.', '')));

    t.clock.advance((t.deps.config.quoteTtlSeconds + 16 * 60) * 1000);
    const late = await fundsArrive({ reference: ref, amount: transfer.total, currency: 'GBP' });
    expect(late.data.booked_to).toBe('wallet');
    await drain(t);
    expect((await details(t, s.token, ref)).body.data).toMatchObject({ status: 'CLOSED', close_reason: 'expired' });
    expect(await ledgerKinds(t, ref)).toEqual([]);
  });

  it('pays only a transfer waiting for a bank transfer; an unknown reference stays unmatched', async () => {
    const s = await sender(t);
    const ref = await awaitingTransfer(t, s);
    const { total } = (await details(t, s.token, ref)).body.data;
    const notChosen = await fundsArrive({ reference: ref, amount: total, currency: 'GBP' });
    expect(notChosen.data.booked_to).toBe('wallet');
    expect((await details(t, s.token, ref)).body.data.status).toBe('AWAITING');

    const unknown = await fundsArrive({ reference: 'SRNOTOURS1', amount: '10.00', currency: 'GBP' });
    expect(unknown.status).toBe(201);
    expect(unknown.data.booked_to).toBe('unmatched');

    for (const bad of [
      { reference: ref, amount: '0.00', currency: 'GBP' },
      { reference: ref, amount: '1.001', currency: 'GBP' },
      { reference: ref, amount: '10.00', currency: 'KES' },
      { reference: '', amount: '10.00', currency: 'GBP' },
    ]) {
      expect((await fundsArrive(bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('a bank-paid transfer the partner rejects goes back to the wallet; a US recall cannot send it to a card', async () => {
    const s = await sender(t, withValues(KENYA_MOBILE, { last_name: 'Reject' }));
    const { ref, transfer } = await waitingForBank(s);
    await fundsArrive({ reference: ref, amount: transfer.total, currency: 'GBP' });
    for (let step = 0; step < 2; step += 1) {
      t.clock.advance(t.deps.config.payoutStepSeconds * 1000);
      await drain(t);
    }
    expect((await details(t, s.token, ref)).body.data).toMatchObject({ status: 'CLOSED', refund_to: 'wallet' });
    expect(await ledgerKinds(t, ref)).toEqual(['bank_payment', 'transfer_funding', 'transfer_refund']);
    expect(await balance(t, s.id, 'customer_wallet', 'GBP')).toBe(BigInt(transfer.total.replace('.', '')));

    const us = await sender(t, KENYA_MOBILE, FROM_US_TO_KENYA_MOBILE);
    const usTransfer = await waitingForBank(us);
    expect(usTransfer.transfer.bank_transfer.account).toEqual([
      { field: 'routing_number', value: '021000021' },
      { field: 'account_number', value: '000123456789' },
    ]);
    await fundsArrive({ reference: usTransfer.ref, amount: usTransfer.transfer.total, currency: 'USD' });
    const cancel = await t.call('POST', `${API}/remit/transaction/cancel`, {
      token: us.token,
      body: { trans_ref: usTransfer.ref, refund_to: 'card' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(cancel.status).toBe(400);
    expect(errorOf(cancel.body).property_path).toBe('refund_to');
    expect((await details(t, us.token, usTransfer.ref)).body.data.status).toBe('PENDING');
  });

  it('a card still paying it keeps the transfer from being booked by a bank credit', async () => {
    const s = await sender(t);
    const { ref, transfer } = await waitingForBank(s);
    expect((await payWith(t, s, ref, CARDS.challenge)).body.data.status).toBe('WAITING');
    const credit = await fundsArrive({ reference: ref, amount: transfer.total, currency: 'GBP' });
    expect(credit.data.booked_to).toBe('wallet');
  });
});
