import type { Transaction } from 'kysely';
import type { PaymentType } from '../../../domain/contract/transfers.ts';
import {
  type CloseReason,
  REFUNDED_CLOSE_REASONS,
  type RefundDestination,
  type TransferStatus,
} from '../../../domain/transfers.ts';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { type AccountKind, PLATFORM_OWNER } from '../../ledger/account-kinds.ts';
import { type AccountKey, ensureAccounts } from '../../ledger/accounts.ts';
import { postTransactions } from '../../ledger/post-transaction.ts';
import type { PostingRequest, TransactionRequest } from '../../ledger/transaction-request.ts';
import { debitWallet } from '../wallets/wallet-postings.ts';

type Trx = Transaction<Database>;

/**
 * The ledger side of a transfer's life. Each runs in the transaction of the
 * state change it belongs to, with a key derived from the transfer, so a
 * repeated step never moves money twice. Each ensures every account it needs
 * first, then posts once (postTransactions), so its row locks are taken in
 * a single pass in id order and it cannot deadlock with another step.
 */

/** The steps of a transfer that move money: one ledger transaction each, keyed by transferPostingKey. */
export const POSTING_STEPS = [
  'card-payment',
  'bank-payment',
  'bank-link-payment',
  'funding',
  'payout',
  'refund',
  'card-refund',
  'late-fee-refund',
] as const;
export type PostingStep = (typeof POSTING_STEPS)[number];

/** A card, bank or bank-link payment brings its money into the wallet first; a wallet payment only pays from it. */
function fundedSteps(paymentType: PaymentType | null): readonly PostingStep[] {
  if (paymentType === 'wallet') return ['funding'];
  if (paymentType === 'trustly') return ['bank-link-payment', 'funding'];
  return paymentType === 'bank' ? ['bank-payment', 'funding'] : ['card-payment', 'funding'];
}

/** Where the money of an external payment arrives: its settlement account, ledger step and kind. */
const ARRIVALS = {
  card: { settlement: 'card_settlement', step: 'card-payment', kind: 'card_payment' },
  bank: { settlement: 'bank_settlement', step: 'bank-payment', kind: 'bank_payment' },
  bank_link: { settlement: 'bank_settlement', step: 'bank-link-payment', kind: 'bank_link_payment' },
} as const satisfies Record<string, { settlement: AccountKind; step: PostingStep; kind: string }>;

/** The idempotency key of a transfer's step in the ledger. */
export function transferPostingKey(transferId: string, step: PostingStep): string {
  return `transfer:${transferId}:${step}`;
}

/** The steps a transfer in this state, paid this way, its fee given back for a late payout or not, has posted: no more, no fewer. */
export function postingStepsOf(
  status: TransferStatus,
  closeReason: CloseReason | null,
  refundTo: RefundDestination | null,
  paymentType: PaymentType | null,
  lateFeeRefunded = false,
): readonly PostingStep[] {
  const funded = fundedSteps(paymentType);
  switch (status) {
    case 'AWAITING':
      return [];
    case 'PENDING':
    case 'SENT':
      return funded;
    case 'PAID':
      return lateFeeRefunded ? [...funded, 'payout', 'late-fee-refund'] : [...funded, 'payout'];
    case 'CLOSED':
      if (closeReason === null || !REFUNDED_CLOSE_REASONS.includes(closeReason)) return [];
      return refundTo === 'card' ? [...funded, 'refund', 'card-refund'] : [...funded, 'refund'];
  }
}

const platform = (kind: AccountKind, currency: string): AccountKey => ({ owner: PLATFORM_OWNER, kind, currency });

const walletOf = (transfer: TransferRow): AccountKey => ({
  owner: transfer.customer_id,
  kind: 'customer_wallet',
  currency: transfer.source_currency,
});

/** The ids of these accounts by name, created where missing. */
async function accountIds<Name extends string>(
  trx: Trx,
  keys: Record<Name, AccountKey>,
): Promise<Record<Name, string>> {
  const names = Object.keys(keys) as Name[];
  const accounts = await ensureAccounts(
    trx,
    names.map((name) => keys[name]),
  );
  return Object.fromEntries(names.map((name, i) => [name, accounts[i]?.id])) as Record<Name, string>;
}

function request(
  transfer: TransferRow,
  step: PostingStep,
  kind: string,
  at: Date,
  postings: PostingRequest[],
): TransactionRequest {
  return {
    idempotencyKey: transferPostingKey(transfer.id, step),
    kind,
    reference: transfer.trans_ref,
    metadata: { transfer_id: transfer.id },
    at,
    postings,
  };
}

/**
 * An approved card payment, a settled bank-link payment or a bank transfer received: the money arrives
 * in the customer's wallet (card or bank settlement → wallet), then pays for
 * the transfer (wallet → fee revenue and payout clearing), leaving the
 * wallet as it was. Two ledger transactions under one set of locks.
 */
export async function postFunding(
  trx: Trx,
  transfer: TransferRow,
  at: Date,
  paidBy: keyof typeof ARRIVALS = 'card',
): Promise<void> {
  const ccy = transfer.source_currency;
  const arrival = ARRIVALS[paidBy];
  const id = await accountIds(trx, {
    wallet: walletOf(transfer),
    settlement: platform(arrival.settlement, ccy),
    fees: platform('fee_revenue', ccy),
    clearing: platform('payout_clearing', ccy),
  });
  const funding: PostingRequest[] = [
    { accountId: id.wallet, amount: -transfer.total, currency: ccy },
    { accountId: id.clearing, amount: transfer.send_amount, currency: ccy },
  ];
  if (transfer.fee > 0n) funding.push({ accountId: id.fees, amount: transfer.fee, currency: ccy });
  await postTransactions(trx, [
    request(transfer, arrival.step, arrival.kind, at, [
      { accountId: id.settlement, amount: -transfer.total, currency: ccy },
      { accountId: id.wallet, amount: transfer.total, currency: ccy },
    ]),
    request(transfer, 'funding', 'transfer_funding', at, funding),
  ]);
}

/**
 * A transfer paid from the customer's wallet in its source currency: the
 * wallet pays the fee revenue and payout clearing at once (the same
 * `funding` step a card payment ends with, with no card money before it),
 * through debitWallet, so the wallet never goes below zero.
 */
export async function postWalletFunding(trx: Trx, transfer: TransferRow, at: Date): Promise<void> {
  const ccy = transfer.source_currency;
  const credits = [{ to: platform('payout_clearing', ccy), amount: transfer.send_amount }];
  if (transfer.fee > 0n) credits.push({ to: platform('fee_revenue', ccy), amount: transfer.fee });
  await debitWallet(trx, {
    customerId: transfer.customer_id,
    currency: ccy,
    credits,
    idempotencyKey: transferPostingKey(transfer.id, 'funding'),
    kind: 'transfer_funding',
    reference: transfer.trans_ref,
    metadata: { transfer_id: transfer.id },
    at,
  });
}

/**
 * The partner paid the recipient: the send amount leaves payout clearing and
 * becomes the receive amount owed to the partner, through FX liquidity so
 * each currency still sums to zero. With `lateFeeRefund` (the payout came
 * later than promised, `late-fee-refund.ts`) the fee also goes back from fee
 * revenue to the customer's wallet, under the same locks: a database
 * transaction posts once, or its two lockings can deadlock with a funding's.
 */
export async function postPayout(
  trx: Trx,
  transfer: TransferRow,
  at: Date,
  options: { lateFeeRefund?: boolean } = {},
): Promise<void> {
  const src = transfer.source_currency;
  const dest = transfer.dest_currency;
  const id = await accountIds(trx, {
    clearing: platform('payout_clearing', src),
    fxSource: platform('fx_liquidity', src),
    fxDest: platform('fx_liquidity', dest),
    partner: platform('partner_payable', dest),
  });
  const requests = [
    request(transfer, 'payout', 'transfer_payout', at, [
      { accountId: id.clearing, amount: -transfer.send_amount, currency: src },
      { accountId: id.fxSource, amount: transfer.send_amount, currency: src },
      { accountId: id.fxDest, amount: -transfer.receive_amount, currency: dest },
      { accountId: id.partner, amount: transfer.receive_amount, currency: dest },
    ]),
  ];
  if (options.lateFeeRefund) {
    const back = await accountIds(trx, { fees: platform('fee_revenue', src), wallet: walletOf(transfer) });
    requests.push(
      request(transfer, 'late-fee-refund', 'late_fee_refund', at, [
        { accountId: back.fees, amount: -transfer.fee, currency: src },
        { accountId: back.wallet, amount: transfer.fee, currency: src },
      ]),
    );
  }
  await postTransactions(trx, requests);
}

/**
 * The partner will not pay, or the customer recalled the transfer: the
 * customer gets everything they paid back, fee included, into their wallet,
 * where it shows as balance. A transfer refunded to its card (`refund_to`
 * card) sends it on at once: the wallet gives the total back to card
 * settlement, from where the gateway returns it (a `payment.refund` event the
 * caller queues in the same transaction). Both under one set of locks: a
 * database transaction posts once.
 */
export async function postRefund(trx: Trx, transfer: TransferRow, at: Date): Promise<void> {
  const ccy = transfer.source_currency;
  const id = await accountIds(trx, {
    clearing: platform('payout_clearing', ccy),
    wallet: walletOf(transfer),
    fees: platform('fee_revenue', ccy),
  });
  const refund: PostingRequest[] = [
    { accountId: id.clearing, amount: -transfer.send_amount, currency: ccy },
    { accountId: id.wallet, amount: transfer.total, currency: ccy },
  ];
  if (transfer.fee > 0n) refund.push({ accountId: id.fees, amount: -transfer.fee, currency: ccy });
  const requests = [request(transfer, 'refund', 'transfer_refund', at, refund)];
  if (transfer.refund_to === 'card') {
    const { settlement } = await accountIds(trx, { settlement: platform('card_settlement', ccy) });
    requests.push(
      request(transfer, 'card-refund', 'card_refund', at, [
        { accountId: id.wallet, amount: -transfer.total, currency: ccy },
        { accountId: settlement, amount: transfer.total, currency: ccy },
      ]),
    );
  }
  await postTransactions(trx, requests);
}
