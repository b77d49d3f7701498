import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PLATFORM_OWNER } from '../../../src/server/ledger/account-kinds.ts';
import { ensureAccounts } from '../../../src/server/ledger/accounts.ts';
import { postTransaction } from '../../../src/server/ledger/post-transaction.ts';
import { signedInCustomer } from '../../support/customers.ts';
import type { TestApp } from '../../support/test-app.ts';

export const API = '/api/main';

export interface Holder {
  id: string;
  token: string;
}

let holders = 0;

/** A customer resident in `country` (GB: base currency GBP) with a session. */
export async function holder(t: TestApp, country = 'GB'): Promise<Holder> {
  holders += 1;
  const id = `cus_wallet_${holders}_${randomUUID().slice(0, 8)}`;
  return { id, token: await signedInCustomer(t, id, country) };
}

/**
 * Money arriving in a wallet as a settled card top-up would bring it (card
 * settlement → wallet), so a test can spend it.
 */
export async function fund(t: TestApp, customerId: string, currency: string, minor: bigint): Promise<void> {
  await t.deps.db.transaction().execute(async (trx) => {
    const [settlement, wallet] = await ensureAccounts(trx, [
      { owner: PLATFORM_OWNER, kind: 'card_settlement', currency },
      { owner: customerId, kind: 'customer_wallet', currency },
    ]);
    if (!settlement || !wallet) throw new Error('accounts not opened');
    await postTransaction(trx, {
      idempotencyKey: `test-funding:${randomUUID()}`,
      kind: 'test_funding',
      reference: customerId,
      postings: [
        { accountId: settlement.id, amount: -minor, currency },
        { accountId: wallet.id, amount: minor, currency },
      ],
    });
  });
}

export async function walletBalance(t: TestApp, customerId: string, currency: string): Promise<bigint | undefined> {
  const row = await t.deps.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', customerId)
    .where('kind', '=', 'customer_wallet')
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance;
}

export const newKey = () => randomUUID();

export function openWallet(t: TestApp, h: Holder, currency: string) {
  return t.call('POST', `${API}/user-wallet-account/create`, { token: h.token, body: { currency } });
}

export function quote(t: TestApp, h: Holder, from: string, to: string, amount: string) {
  return t.call('POST', `${API}/api/v1/currency-convert`, {
    token: h.token,
    body: { from_currency: from, to_currency: to, from_amount: amount },
  });
}

export function execute(t: TestApp, h: Holder, body: Record<string, string>, key: string | null = newKey()) {
  return t.call('POST', `${API}/api/v1/conversions/execute`, {
    token: h.token,
    body,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

/** A fresh quote for the pair and amount, as the execute body that accepts it. */
export async function quotedConversion(
  t: TestApp,
  h: Holder,
  from: string,
  to: string,
  amount: string,
): Promise<Record<string, string>> {
  const res = await quote(t, h, from, to, amount);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const q = res.body.data;
  return {
    from_currency: q.from_currency,
    to_currency: q.to_currency,
    from_amount: q.from_amount,
    to_amount: q.to_amount,
    exchange_rate: q.exchange_rate,
  };
}

export const errorOf = (body: any) => body.errors[0];
