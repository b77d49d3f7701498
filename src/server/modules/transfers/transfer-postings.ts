import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { type AccountKind, PLATFORM_OWNER } from '../../ledger/account-kinds.ts';
import { ensureAccount } from '../../ledger/accounts.ts';
import { postTransaction } from '../../ledger/post-transaction.ts';
import type { PostingRequest } from '../../ledger/transaction-request.ts';

type Trx = Transaction<Database>;

/**
 * The ledger side of a transfer's life. Each runs in the transaction of the
 * state change it belongs to, with a key derived from the transfer, so a
 * repeated step never moves money twice.
 */

async function platform(trx: Trx, kind: AccountKind, currency: string): Promise<string> {
  return (await ensureAccount(trx, { owner: PLATFORM_OWNER, kind, currency })).id;
}

async function wallet(trx: Trx, transfer: TransferRow): Promise<string> {
  return (
    await ensureAccount(trx, {
      owner: transfer.customer_id,
      kind: 'customer_wallet',
      currency: transfer.source_currency,
    })
  ).id;
}

function post(trx: Trx, transfer: TransferRow, step: string, kind: string, at: Date, postings: PostingRequest[]) {
  return postTransaction(trx, {
    idempotencyKey: `transfer:${transfer.id}:${step}`,
    kind,
    reference: transfer.trans_ref,
    metadata: { transfer_id: transfer.id },
    at,
    postings,
  });
}

/**
 * An approved card payment: the card's money arrives in the customer's
 * wallet (card settlement → wallet), then pays for the transfer (wallet →
 * fee revenue and payout clearing), leaving the wallet as it was.
 */
export async function postFunding(trx: Trx, transfer: TransferRow, at: Date): Promise<void> {
  const ccy = transfer.source_currency;
  const customer = await wallet(trx, transfer);
  const settlement = await platform(trx, 'card_settlement', ccy);
  const fees = await platform(trx, 'fee_revenue', ccy);
  const clearing = await platform(trx, 'payout_clearing', ccy);
  await post(trx, transfer, 'card-payment', 'card_payment', at, [
    { accountId: settlement, amount: -transfer.total, currency: ccy },
    { accountId: customer, amount: transfer.total, currency: ccy },
  ]);
  const funding: PostingRequest[] = [
    { accountId: customer, amount: -transfer.total, currency: ccy },
    { accountId: clearing, amount: transfer.send_amount, currency: ccy },
  ];
  if (transfer.fee > 0n) funding.push({ accountId: fees, amount: transfer.fee, currency: ccy });
  await post(trx, transfer, 'funding', 'transfer_funding', at, funding);
}

/**
 * The partner paid the recipient: the send amount leaves payout clearing and
 * becomes the receive amount owed to the partner, through FX liquidity so
 * each currency still sums to zero.
 */
export async function postPayout(trx: Trx, transfer: TransferRow, at: Date): Promise<void> {
  const src = transfer.source_currency;
  const dest = transfer.dest_currency;
  await post(trx, transfer, 'payout', 'transfer_payout', at, [
    { accountId: await platform(trx, 'payout_clearing', src), amount: -transfer.send_amount, currency: src },
    { accountId: await platform(trx, 'fx_liquidity', src), amount: transfer.send_amount, currency: src },
    { accountId: await platform(trx, 'fx_liquidity', dest), amount: -transfer.receive_amount, currency: dest },
    { accountId: await platform(trx, 'partner_payable', dest), amount: transfer.receive_amount, currency: dest },
  ]);
}

/**
 * The partner will not pay: the customer gets everything they paid back,
 * fee included, into their wallet, where it shows as balance.
 */
export async function postRefund(trx: Trx, transfer: TransferRow, at: Date): Promise<void> {
  const ccy = transfer.source_currency;
  const refund: PostingRequest[] = [
    { accountId: await platform(trx, 'payout_clearing', ccy), amount: -transfer.send_amount, currency: ccy },
    { accountId: await wallet(trx, transfer), amount: transfer.total, currency: ccy },
  ];
  if (transfer.fee > 0n) {
    refund.push({ accountId: await platform(trx, 'fee_revenue', ccy), amount: -transfer.fee, currency: ccy });
  }
  await post(trx, transfer, 'refund', 'transfer_refund', at, refund);
}
