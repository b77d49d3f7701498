import { createHash } from 'node:crypto';
import { type AccountCheckResult, type HolderName, saveAfterCheck } from '../../../domain/account-check.ts';
import type { AccountCheck } from '../../../domain/contract/beneficiaries.ts';
import { takeHits } from '../../abuse-limits/counters.ts';
import { ABUSE_LIMITS } from '../../abuse-limits/limits.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { AccountLookupUnavailable } from '../../providers/account-lookup/account-lookup.ts';
import type { PayoutRecord } from './beneficiary-service.ts';
import type { CorridorSchema } from './schemas/corridor-schema.ts';

/** How long an answer is reused for the same account and name: about one send, quote to payment. */
export const ACCOUNT_CHECK_REUSE_SECONDS = 30 * 60;

/** Who asks, and from where: answers are kept per customer, questions counted per customer and address. */
export interface LookupCaller {
  customerId: string;
  clientAddress: string;
}

/**
 * Ask the payout provider about the account of a recipient whose values
 * passed the corridor's form: whether it exists, takes the currency and is
 * held in the name given. An answer is kept for the customer and reused for
 * the same account and name for 30 minutes; only a question that reaches the
 * provider counts against the abuse limits. An unavailable provider is
 * answered, not kept. With no lookup provider (ACCOUNT_LOOKUP=off) nothing
 * is asked: `not_applicable`, so the form saves without a check.
 */
export async function lookUpAccount(
  deps: AppDeps,
  caller: LookupCaller,
  corridor: CorridorSchema,
  record: PayoutRecord,
): Promise<AccountCheck> {
  const lookup = deps.providers.accountLookup;
  // ACCOUNT_LOOKUP=off: no check is offered, as for a payout with no account
  if (lookup === null) return { result: 'not_applicable', field: null, registered_name: null };
  const field = corridor.label.accountField ?? null;
  const account = field === null ? undefined : (JSON.parse(record.fields) as Record<string, string>)[field];
  if (field === null || account === undefined) return { result: 'not_applicable', field, registered_name: null };

  const holder = { first_name: record.first_name, middle_name: record.middle_name, last_name: record.last_name };
  const { destination_country, payout_type, destination_currency } = corridor.schema;
  const fingerprint = answerFingerprint([destination_country, payout_type, destination_currency, account, holder]);
  const kept = await keptAnswer(deps, caller, fingerprint);
  if (kept) return { result: kept.result, field, registered_name: kept.registered_name };

  await countQuestion(deps, caller);
  try {
    const answer = await lookup.lookup({
      country: destination_country,
      payoutType: payout_type,
      currency: destination_currency,
      account,
      holder,
    });
    const registered = answer.kind === 'close_match' ? answer.registered : null;
    await keepAnswer(deps, caller, fingerprint, answer.kind, registered);
    return { result: answer.kind, field, registered_name: registered };
  } catch (error) {
    if (error instanceof AccountLookupUnavailable) return { result: 'unavailable', field, registered_name: null };
    throw error;
  }
}

/** The key an answer is kept under: what was asked, hashed. */
export function answerFingerprint(question: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(question)).digest('hex');
}

/** The provider's answer to the same question by this customer in the last 30 minutes, if any. */
export function keptAnswer(deps: AppDeps, caller: LookupCaller, fingerprint: string) {
  const since = new Date(deps.clock.now().getTime() - ACCOUNT_CHECK_REUSE_SECONDS * 1000);
  return deps.db
    .selectFrom('account_checks')
    .select(['result', 'registered_name'])
    .where('customer_id', '=', caller.customerId)
    .where('fingerprint', '=', fingerprint)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** A question about to reach the provider, counted against the abuse limits (429 past them). */
export async function countQuestion(deps: AppDeps, caller: LookupCaller): Promise<void> {
  await takeHits(deps.db, deps.clock.now(), [
    [ABUSE_LIMITS.accountLookupsPerCustomer, caller.customerId],
    [ABUSE_LIMITS.accountLookupsPerAddress, caller.clientAddress],
  ]);
}

/** Keep the provider's answer for reuse. */
export async function keepAnswer(
  deps: AppDeps,
  caller: LookupCaller,
  fingerprint: string,
  result: Exclude<AccountCheckResult, 'unavailable' | 'not_applicable'>,
  registered: HolderName | null,
): Promise<void> {
  await deps.db
    .insertInto('account_checks')
    .values({
      customer_id: caller.customerId,
      fingerprint,
      result,
      registered_name: registered && JSON.stringify(registered),
      created_at: deps.clock.now(),
    })
    .execute();
}

/** Why a lookup's answer refuses a recipient, on the account's field, or the first name for another holder. */
export function refusal(result: AccountCheckResult, accountPath: string, currency: string): ApiError {
  switch (result) {
    case 'no_match':
      return new ApiError(
        'AccountNameMismatch',
        'This is not the name the account is held in. Check the name against their ID.',
        'values.first_name',
      );
    case 'account_not_found':
      return new ApiError('AccountNotFound', 'We could not find this account. Check the number.', accountPath);
    case 'account_restricted':
      return new ApiError('AccountRestricted', 'This account cannot receive money. Try another account.', accountPath);
    case 'currency_mismatch':
      return new ApiError(
        'AccountCurrencyMismatch',
        `This account is not held in ${currency}. Use an account in ${currency}.`,
        accountPath,
      );
    default:
      throw new Error(`An account lookup's ${result} refuses nothing`);
  }
}

/**
 * The account lookup's rule on saving a recipient (`saveAfterCheck`), which the
 * form follows before it saves: a refused, unknown or wrong-currency account,
 * or another holder's name, is never saved (422 on the field); a close name or
 * a provider that could not answer is saved only with `account_check_confirmed`,
 * the customer's choice after seeing the answer (422 AccountCheckNotConfirmed).
 */
export async function enforceAccountCheck(
  deps: AppDeps,
  caller: LookupCaller,
  corridor: CorridorSchema,
  record: PayoutRecord,
  confirmed: boolean,
): Promise<void> {
  const check = await lookUpAccount(deps, caller, corridor, record);
  const accountPath = `values.${check.field ?? 'first_name'}`;
  switch (saveAfterCheck(check.result, confirmed)) {
    case 'save':
      return;
    case 'confirm':
      throw new ApiError(
        'AccountCheckNotConfirmed',
        check.result === 'close_match'
          ? 'The account is held in a similar name. Choose the name to keep and confirm it.'
          : 'The account could not be checked now. Confirm to save the recipient without the check.',
        'account_check_confirmed',
      );
    case 'refuse':
      throw refusal(check.result, accountPath, corridor.schema.destination_currency);
  }
}
