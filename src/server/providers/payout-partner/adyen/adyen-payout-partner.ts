import { sql } from 'kysely';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/connection.ts';
import { adyenCall } from '../../adyen-api.ts';
import type { AdyenTransfersSettings } from '../../provider-settings.ts';
import type { PayoutOrder, PayoutPartner, PayoutRoute } from '../payout-partner.ts';
import { partnerStatusOf } from './adyen-transfer-outcome.ts';

/**
 * What Adyen can pay out: bank deposits whose recipient form saves an IBAN
 * (Adyen's `iban` account identification). Account-number forms would need
 * the bank's BIC (`numberAndBic`), which our bank directory does not hold;
 * mobile money, wallets, cash pickup and cards are not Adyen bank transfers.
 */
function delivers(route: PayoutRoute): boolean {
  return route.payoutType === 'bank' && route.detailFields.includes('iban');
}

/** The order's recipient as Adyen's counterparty: the account holder and the account. */
function counterpartyOf(order: PayoutOrder) {
  const iban = order.payoutDetails.iban?.replace(/\s+/g, '').toUpperCase();
  if (!iban) throw new Error(`payout ${order.reference} has no IBAN: Adyen pays out only to IBANs`);
  const { firstName, middleName, lastName } = order.recipient;
  return {
    bankAccount: {
      accountHolder: {
        type: 'individual',
        fullName: [firstName, middleName, lastName].filter(Boolean).join(' '),
        firstName,
        lastName,
        address: { country: order.destinationCountry },
      },
      accountIdentification: { type: 'iban', iban },
    },
  };
}

/** Adyen's reference for the recipient's statement: letters and digits only, at most 35 to an IBAN. */
function beneficiaryReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 35);
}

/**
 * The payout partner over Adyen's Transfers API v4 (Balance Platform): each
 * order is one `POST /transfers` of category `bank` from our balance account
 * to the recipient's IBAN, under the Idempotency-Key of our transfer
 * reference, so a repeated submit is the same transfer. Adyen has no call
 * that reads a transfer back: where it stands is what its signed transfer
 * webhooks said (`adyen-transfer-webhook.ts`, kept in `adyen_payouts`).
 * Adyen cannot recall or change a bank transfer once asked for, so `cancel`
 * is always `too_late` and `amend` always false.
 */
export function adyenPayoutPartner(
  settings: AdyenTransfersSettings,
  db: Db,
  clock: Clock,
  fetchImpl: typeof globalThis.fetch = globalThis.fetch,
): PayoutPartner {
  const api = { base: settings.transfersBase, apiKey: settings.apiKey, fetchImpl };
  return {
    delivers,

    async submit(order) {
      const value = Number(order.amount);
      if (!Number.isSafeInteger(value)) throw new Error(`payout ${order.reference}: the amount is out of range`);
      const transfer = await adyenCall(api, 'POST', '/transfers', `payout:${order.reference}`, {
        amount: { value, currency: order.currency },
        balanceAccountId: settings.balanceAccountId,
        category: 'bank',
        priority: 'crossBorder',
        counterparty: counterpartyOf(order),
        reference: order.reference,
        referenceForBeneficiary: beneficiaryReference(order.reference),
        description: `Sarraf transfer ${order.reference}`,
      });
      const id = transfer.id;
      if (typeof id !== 'string' || id === '') throw new Error('Adyen answered a transfer without an id');
      await db
        .insertInto('adyen_payouts')
        .values({
          transfer_id: id,
          reference: order.reference,
          status: typeof transfer.status === 'string' ? transfer.status : 'received',
          reason: typeof transfer.reason === 'string' ? transfer.reason : null,
          credited: false,
          // the answer precedes every webhook of the transfer, whose numbers start at 1
          sequence_number: 0,
          updated_at: clock.now(),
        })
        .onConflict((oc) => oc.column('transfer_id').doNothing())
        .execute();
      return { partnerReference: id };
    },

    async status(partnerReference) {
      const row = await db
        .selectFrom('adyen_payouts')
        .select(['status', 'reason', 'credited'])
        .where('transfer_id', '=', partnerReference)
        .executeTakeFirst();
      if (!row) throw new Error(`Adyen never gave us the transfer ${partnerReference}`);
      const report = partnerStatusOf(row);
      return { id: `${partnerReference}:${report.status}`, ...report };
    },

    async cancel() {
      return 'too_late';
    },

    async amend() {
      return false;
    },
  };
}

/**
 * Record what a transfer webhook says of one of our transfers: a newer
 * sequence number replaces what we knew, an older one (late, or repeated)
 * changes nothing, and the recipient's bank having credited the account is
 * never forgotten.
 */
export async function recordAdyenTransfer(
  db: Db,
  clock: Clock,
  transfer: {
    id: string;
    reference: string;
    status: string;
    reason: string | null;
    credited: boolean;
    sequenceNumber: number;
  },
): Promise<void> {
  await db
    .insertInto('adyen_payouts')
    .values({
      transfer_id: transfer.id,
      reference: transfer.reference,
      status: transfer.status,
      reason: transfer.reason,
      credited: transfer.credited,
      sequence_number: transfer.sequenceNumber,
      updated_at: clock.now(),
    })
    .onConflict((oc) =>
      oc
        .column('transfer_id')
        .doUpdateSet({
          status: sql`excluded.status`,
          reason: sql`excluded.reason`,
          credited: sql`adyen_payouts.credited or excluded.credited`,
          sequence_number: sql`excluded.sequence_number`,
          updated_at: sql`excluded.updated_at`,
        })
        .where('adyen_payouts.sequence_number', '<', sql<number>`excluded.sequence_number`),
    )
    .execute();
}
