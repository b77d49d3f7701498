import type { AccountCheck, CheckAccountRequest } from '../../../domain/contract/beneficiaries.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { LookupCaller } from './account-lookup.ts';
import { checkRecipientAccount } from './account-search.ts';
import { corridorSchemaOr404, payoutRecord } from './beneficiary-service.ts';

/**
 * POST /api/v1/beneficiaries/check-account: the recipient's values are
 * checked like a save (400 on the field), then the payout provider is asked
 * about the account (`checkRecipientAccount`: the lookup, or the forced
 * search's holder against the names; answers kept 30 minutes, questions
 * counted against the abuse limits).
 */
export async function checkAccount(
  deps: AppDeps,
  caller: LookupCaller,
  request: CheckAccountRequest,
): Promise<AccountCheck> {
  const corridor = corridorSchemaOr404(request.destination_country, request.payout_type, request.destination_currency);
  const record = await payoutRecord(deps, corridor, request.values);
  return checkRecipientAccount(deps, caller, corridor, record);
}
