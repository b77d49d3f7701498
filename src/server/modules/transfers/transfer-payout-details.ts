import type { Transfer, UpdatePayoutDetailsRequest } from '../../../domain/contract/transfers.ts';
import { payoutDetailFields } from '../../../domain/payout-details.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import type { TransferRow } from '../../db/tables/transfers.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enforceAccountCheck, type LookupCaller } from '../beneficiaries/account-lookup.ts';
import { assertMobileConfirmed, corridorSchemaOr404, payoutRecord } from '../beneficiaries/beneficiary-service.ts';
import { findTransfer, lockTransfer } from './transfer-records.ts';
import { payoutDetailsChangeable, transferDetails, transferPayout } from './transfer-view.ts';

const NOT_PAID = 'This transfer is not paid for yet: choose or edit the recipient before paying';
const TOO_LATE = 'The payout details can no longer change: this transfer has been paid out, rejected or cancelled';

function sameValues(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
}

function assertChangeable(transfer: TransferRow): void {
  if (transfer.status === 'AWAITING') throw new ApiError('InvalidTransition', NOT_PAID);
  if (!payoutDetailsChangeable(transfer)) throw new ApiError('PayoutAlreadyMade', TOO_LATE);
}

/** Hand the corrected details to the partner that holds the order; refused once it has paid out or rejected it. */
async function amendAtPartner(deps: AppDeps, transfer: TransferRow, fields: Record<string, string>): Promise<void> {
  if (transfer.status !== 'SENT' || transfer.partner_reference === null) return;
  const amended = await deps.providers.payoutPartner.amend(transfer.partner_reference, fields);
  if (!amended) throw new ApiError('PayoutAlreadyMade', TOO_LATE);
}

/**
 * POST /remit/transaction/update-payout-details (SPEC §2 transaction-update).
 * While a paid transfer is not paid out, the customer may correct where it is
 * paid out: the new values are checked with the corridor's form and the live
 * payout directories, like a recipient's, and the new account with the
 * account lookup: an account it does not find, restricted, in another
 * currency or held by someone else is refused on its field. Names and purpose
 * stay as paid for, so a close name (accepted when the recipient was saved)
 * or a lookup that cannot answer does not stop the correction.
 * The partner holding the order is told first (PayoutAlreadyMade when it is
 * too late); then, under the transfer's lock, the values are kept on the
 * transfer and its history records the change. The same values again change nothing.
 * At most `payoutDetailUpdatesPerTransfer` attempts a day per transfer (429).
 */
export async function updatePayoutDetails(
  deps: AppDeps,
  caller: LookupCaller,
  request: UpdatePayoutDetailsRequest,
): Promise<Transfer> {
  const transfer = await findTransfer(deps.db, caller.customerId, request.trans_ref);
  assertChangeable(transfer);
  const corridor = corridorSchemaOr404(transfer.destination_country, transfer.payout_type, transfer.dest_currency);
  const editable = new Set(payoutDetailFields(corridor.schema.fields).map((field) => field.name));
  for (const name of Object.keys(request.values)) {
    if (!editable.has(name)) {
      throw new ApiError('ValidationFailed', 'Only the payout details can change on a paid transfer', `values.${name}`);
    }
  }
  const current = await transferPayout(deps.db, transfer);
  const kept = Object.fromEntries(Object.entries(current.values).filter(([name]) => !editable.has(name)));
  const record = await payoutRecord(
    deps,
    corridor,
    { ...current.names, ...kept, ...request.values },
    current.values.card_token,
  );
  const fields: Record<string, string> = JSON.parse(record.fields);
  assertMobileConfirmed(deps, corridor, fields, request.mobile_confirmation, current.values);
  if (sameValues(fields, current.values)) return transferDetails(deps, transfer);
  // counted once the values are good (bad input writes nothing): each counted attempt asks the account lookup
  // and, when the partner holds the order, the partner
  await takeHits(deps.db, deps.clock.now(), [[ABUSE_LIMITS.payoutDetailUpdatesPerTransfer, transfer.id]]);
  await enforceAccountCheck(deps, caller, corridor, record, true);

  await amendAtPartner(deps, transfer, fields);
  const saved = await deps.db.transaction().execute(async (trx) => {
    const locked = await lockTransfer(trx, transfer.id);
    assertChangeable(locked);
    const now = deps.clock.now();
    await trx
      .insertInto('transfer_events')
      .values({
        transfer_id: locked.id,
        status: locked.status,
        event: 'payout_details_updated',
        actor: 'customer',
        reason: 'customer_request',
        refund_to: null,
        idempotency_key: null,
        request_hash: null,
        at: now,
      })
      .execute();
    return trx
      .updateTable('transfers')
      .set({ payout_details: record.fields, payout_label: record.payout_label, updated_at: now })
      .where('id', '=', locked.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  // handed to the partner while this call checked the values: it gets the corrected ones too
  if (transfer.status === 'PENDING' && saved.status === 'SENT' && saved.partner_reference !== null) {
    const amended = await deps.providers.payoutPartner.amend(saved.partner_reference, fields);
    if (!amended) deps.logger.warn({ transferId: saved.id }, 'payout partner refused corrected payout details');
  }
  return transferDetails(deps, saved);
}
