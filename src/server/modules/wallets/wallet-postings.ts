import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PayinRow } from '../../db/tables/payins.ts';
import type { ConversionRow } from '../../db/tables/wallets.ts';
import { ApiError } from '../../http/api-error.ts';
import { PLATFORM_OWNER } from '../../ledger/account-kinds.ts';
import { type AccountKey, ensureAccounts } from '../../ledger/accounts.ts';
import { type PostedTransaction, postTransaction } from '../../ledger/post-transaction.ts';
import type { TransactionRequest } from '../../ledger/transaction-request.ts';
import { walletKey } from './wallet-accounts.ts';

type Trx = Transaction<Database>;

const fxLiquidity = (currency: string): AccountKey => ({ owner: PLATFORM_OWNER, kind: 'fx_liquidity', currency });

/**
 * Post one request whose accounts are given by key: ensure them all first,
 * then post once, so the row locks are taken in a single pass in id order.
 */
async function postOnAccounts(
  trx: Trx,
  keys: readonly AccountKey[],
  build: (ids: string[]) => TransactionRequest,
): Promise<PostedTransaction> {
  const accounts = await ensureAccounts(trx, keys);
  return postTransaction(trx, build(accounts.map((account) => account.id)));
}

/**
 * A conversion between two of the customer's wallets, through the FX
 * liquidity account of each currency so each currency still sums to zero:
 * from-wallet → fx_liquidity(from), fx_liquidity(to) → to-wallet. The
 * ledger refuses it (InsufficientFunds) when the from-wallet would go below zero.
 */
export function postConversion(trx: Trx, conversion: ConversionRow): Promise<PostedTransaction> {
  const { from_currency: from, to_currency: to } = conversion;
  return postOnAccounts(
    trx,
    [
      walletKey(conversion.customer_id, from),
      fxLiquidity(from),
      fxLiquidity(to),
      walletKey(conversion.customer_id, to),
    ],
    ([fromWallet, fxFrom, fxTo, toWallet]) => ({
      idempotencyKey: `conversion:${conversion.id}`,
      kind: 'wallet_conversion',
      reference: conversion.id,
      metadata: { customer_id: conversion.customer_id, rate: conversion.rate },
      at: conversion.created_at,
      postings: [
        { accountId: fromWallet as string, amount: -conversion.from_amount, currency: from },
        { accountId: fxFrom as string, amount: conversion.from_amount, currency: from },
        { accountId: fxTo as string, amount: -conversion.to_amount, currency: to },
        { accountId: toWallet as string, amount: conversion.to_amount, currency: to },
      ],
    }),
  );
}

/** An approved top-up: the card's or the bank's money arrives in the wallet (card or bank settlement → wallet). */
export function postTopUp(trx: Trx, topUp: PayinRow): Promise<PostedTransaction> {
  const kind = topUp.method === 'bank_link' ? 'bank_settlement' : 'card_settlement';
  const settlement: AccountKey = { owner: PLATFORM_OWNER, kind, currency: topUp.currency };
  return postOnAccounts(trx, [settlement, walletKey(topUp.customer_id, topUp.currency)], ([card, wallet]) => ({
    idempotencyKey: `top-up:${topUp.id}`,
    kind: 'wallet_top_up',
    reference: topUp.id,
    metadata: { customer_id: topUp.customer_id },
    at: topUp.updated_at,
    postings: [
      { accountId: card as string, amount: -topUp.amount, currency: topUp.currency },
      { accountId: wallet as string, amount: topUp.amount, currency: topUp.currency },
    ],
  }));
}

/** Money a customer sent to our bank that paid no transfer (wrong amount, or too late): bank settlement → their wallet. */
export function postBankCreditToWallet(
  trx: Trx,
  credit: { id: string; customerId: string; amount: bigint; currency: string; at: Date },
): Promise<PostedTransaction> {
  const settlement: AccountKey = { owner: PLATFORM_OWNER, kind: 'bank_settlement', currency: credit.currency };
  return postOnAccounts(trx, [settlement, walletKey(credit.customerId, credit.currency)], ([bank, wallet]) => ({
    idempotencyKey: `bank-credit:${credit.id}`,
    kind: 'wallet_bank_credit',
    reference: credit.id,
    metadata: { customer_id: credit.customerId },
    at: credit.at,
    postings: [
      { accountId: bank as string, amount: -credit.amount, currency: credit.currency },
      { accountId: wallet as string, amount: credit.amount, currency: credit.currency },
    ],
  }));
}

/** Where part of a wallet payment goes: a platform account, e.g. payout clearing or fee revenue. */
export interface WalletCredit {
  to: AccountKey;
  /** minor units, above zero */
  amount: bigint;
}

/** What a payment from a wallet takes, and where the money goes. */
export interface WalletDebit {
  customerId: string;
  currency: string;
  /** what the wallet pays, split over the accounts credited (a transfer's send amount and its fee); sums to the amount taken */
  credits: readonly WalletCredit[];
  /** unique across the ledger, e.g. `transfer:<id>:funding`: the same key never debits twice */
  idempotencyKey: string;
  kind: string;
  /** the business record the payment belongs to */
  reference: string;
  metadata?: Record<string, string>;
  at?: Date;
}

/**
 * Pay from a customer's wallet, inside the caller's database transaction
 * (the one that records what is paid for): one ledger transaction, wallet →
 * each credit. Refused with 422 InsufficientFunds when the wallet would go
 * below zero, under the wallet's row lock, so concurrent payments cannot
 * overdraw it. Every account is ensured first and locked once, in id order.
 */
export function debitWallet(trx: Trx, debit: WalletDebit): Promise<PostedTransaction> {
  const amount = debit.credits.reduce((sum, credit) => sum + credit.amount, 0n);
  if (debit.credits.length === 0 || debit.credits.some((credit) => credit.amount <= 0n)) {
    throw new ApiError('ValidationFailed', 'Enter an amount above 0', 'amount');
  }
  const keys = [walletKey(debit.customerId, debit.currency), ...debit.credits.map((credit) => credit.to)];
  return postOnAccounts(trx, keys, ([wallet, ...to]) => ({
    idempotencyKey: debit.idempotencyKey,
    kind: debit.kind,
    reference: debit.reference,
    metadata: { customer_id: debit.customerId, ...debit.metadata },
    ...(debit.at ? { at: debit.at } : {}),
    postings: [
      { accountId: wallet as string, amount: -amount, currency: debit.currency },
      ...debit.credits.map((credit, i) => ({
        accountId: to[i] as string,
        amount: credit.amount,
        currency: debit.currency,
      })),
    ],
  }));
}
