import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { BankCreditBooking, BankCreditRow, TransferRow } from '../../db/tables/transfers.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { openTransferPayin } from '../../payins/payin-records.ts';
import { postBankCreditToWallet } from '../wallets/wallet-postings.ts';
import { enqueuePayoutSubmission } from './payout-jobs.ts';
import { CHALLENGE_GRACE_SECONDS } from './transfer-expiry.ts';
import { postFunding } from './transfer-postings.ts';
import { lockTransfer, recordTransition } from './transfer-records.ts';

type Trx = Transaction<Database>;

/** A credit to our bank account, as the bank reports it. */
export interface BankCredit {
  /** the bank's id of the credit: a credit reported again is recorded once */
  id: string;
  /** what the payer wrote as the reference */
  reference: string;
  /** minor units, above zero */
  amount: bigint;
  currency: string;
}

/** Whether this credit pays this locked transfer exactly as its instructions asked, while its rate holds. */
async function paysTransfer(trx: Trx, transfer: TransferRow, credit: BankCredit, now: Date): Promise<boolean> {
  if (transfer.status !== 'AWAITING' || transfer.payment_type !== 'bank') return false;
  if (credit.currency !== transfer.source_currency || credit.amount !== transfer.total) return false;
  if (await openTransferPayin(trx, transfer.id)) return false;
  const quote = await trx
    .selectFrom('quotes')
    .select('expires_at')
    .where('id', '=', transfer.quote_id)
    .executeTakeFirstOrThrow();
  return now.getTime() < quote.expires_at.getTime() + CHALLENGE_GRACE_SECONDS * 1000;
}

/**
 * Book a credit our bank received, once (the bank's id is the key), in one
 * database transaction. The reference names a transfer waiting for a bank
 * transfer and the money is exactly its total in its currency, in time: the
 * transfer is funded (bank settlement → wallet → fee and payout clearing)
 * and goes to the payout partner. Money from the transfer's customer that
 * cannot pay it (another amount, too late, paid already) goes to their
 * wallet in its currency. A reference we do not know is kept unmatched, for
 * support to return.
 */
export async function receiveBankCredit(deps: AppDeps, credit: BankCredit): Promise<BankCreditRow> {
  try {
    return await bookOnce(deps, credit);
  } catch (error) {
    if (!(error instanceof DuplicateBankCredit)) throw error;
    return deps.db.selectFrom('bank_credits').selectAll().where('id', '=', credit.id).executeTakeFirstOrThrow();
  }
}

/** A concurrent report of the same credit committed first. */
class DuplicateBankCredit extends Error {}

function bookOnce(deps: AppDeps, credit: BankCredit): Promise<BankCreditRow> {
  const reference = credit.reference.trim().toUpperCase();
  return deps.db.transaction().execute(async (trx) => {
    const earlier = await trx.selectFrom('bank_credits').selectAll().where('id', '=', credit.id).executeTakeFirst();
    if (earlier) return earlier;
    const now = deps.clock.now();
    const found = await trx.selectFrom('transfers').select('id').where('trans_ref', '=', reference).executeTakeFirst();
    const transfer = found ? await lockTransfer(trx, found.id) : undefined;
    let bookedTo: BankCreditBooking = 'unmatched';
    if (transfer && (await paysTransfer(trx, transfer, credit, now))) {
      const funded = await recordTransition(trx, deps.clock, transfer, 'payment_approved', { funded_at: now });
      await postFunding(trx, funded, now, 'bank');
      await enqueuePayoutSubmission(trx, deps, funded);
      bookedTo = 'transfer';
    } else if (transfer) {
      await postBankCreditToWallet(trx, { ...credit, customerId: transfer.customer_id, at: now });
      bookedTo = 'wallet';
    }
    const row = await trx
      .insertInto('bank_credits')
      .values({
        id: credit.id,
        reference,
        amount: credit.amount,
        currency: credit.currency,
        transfer_id: transfer?.id ?? null,
        booked_to: bookedTo,
        received_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    // a concurrent report of the same credit committed first: roll this one back
    if (!row) throw new DuplicateBankCredit();
    return row;
  });
}
