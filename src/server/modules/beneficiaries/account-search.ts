import { type HolderName, sameHolder } from '../../../domain/account-check.ts';
import { beneficiaryMessage } from '../../../domain/beneficiary-messages.ts';
import { checkBeneficiary } from '../../../domain/beneficiary-rules.ts';
import { type AccountSearchRule, accountSearchApplies } from '../../../domain/beneficiary-schema.ts';
import type { AccountCheck, AccountSearch, SearchAccountRequest } from '../../../domain/contract/beneficiaries.ts';
import { utcCalendarDate } from '../../../domain/rules.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { AccountLookupUnavailable } from '../../providers/account-lookup/account-lookup.ts';
import {
  answerFingerprint,
  countQuestion,
  enforceAccountCheck,
  keepAnswer,
  keptAnswer,
  type LookupCaller,
  lookUpAccount,
  refusal,
} from './account-lookup.ts';
import { directoryChoices, offeredCorridorSchemaOr404, type PayoutRecord } from './beneficiary-service.ts';
import type { CorridorSchema } from './schemas/corridor-schema.ts';

/**
 * The corridor's forced account search as served and enforced: none without
 * an account lookup (ACCOUNT_LOOKUP=off), when the names are typed like any
 * other corridor's.
 */
export function accountSearchRule(deps: Pick<AppDeps, 'providers'>, corridor: CorridorSchema) {
  return deps.providers.accountLookup === null ? undefined : corridor.schema.constraints.account_search;
}

/**
 * Ask the provider who holds the account (SPEC §5's forced search): an answer
 * is kept and reused for the customer like a lookup's (a found holder as a
 * `match` with its name), only a question that reaches the provider counts
 * against the abuse limits, and an unavailable provider is answered, not kept.
 */
async function searchAccount(
  deps: AppDeps,
  caller: LookupCaller,
  corridor: CorridorSchema,
  rule: AccountSearchRule,
  account: string,
): Promise<AccountSearch> {
  const lookup = deps.providers.accountLookup;
  if (lookup === null) throw new Error('An account search needs an account lookup');
  const field = rule.account_field;
  const { destination_country: country, payout_type: payoutType, destination_currency: currency } = corridor.schema;
  const fingerprint = answerFingerprint(['search', country, payoutType, currency, account]);
  const kept = await keptAnswer(deps, caller, fingerprint);
  if (kept) {
    return kept.result === 'match'
      ? { result: 'found', field, holder: kept.registered_name }
      : { result: kept.result as Exclude<AccountSearch['result'], 'found'>, field, holder: null };
  }
  await countQuestion(deps, caller);
  try {
    const answer = await lookup.search({ country, payoutType, currency, account });
    if (answer.kind === 'found') {
      await keepAnswer(deps, caller, fingerprint, 'match', answer.holder);
      return { result: 'found', field, holder: answer.holder };
    }
    await keepAnswer(deps, caller, fingerprint, answer.kind, null);
    return { result: answer.kind, field, holder: null };
  } catch (error) {
    if (error instanceof AccountLookupUnavailable) return { result: 'unavailable', field, holder: null };
    throw error;
  }
}

/**
 * POST /api/v1/beneficiaries/search-account: the account and the field its
 * rule reads are checked like a save's (400 on the field), then the provider
 * is asked who holds it. A corridor without the search (or with no lookup)
 * is a 404; values its rule does not cover (another network) a 400.
 */
export async function searchAccountCall(
  deps: AppDeps,
  caller: LookupCaller,
  request: SearchAccountRequest,
): Promise<AccountSearch> {
  const corridor = offeredCorridorSchemaOr404(
    deps,
    request.destination_country,
    request.payout_type,
    request.destination_currency,
  );
  const rule = accountSearchRule(deps, corridor);
  if (!rule)
    throw notFound(`An account search for ${request.payout_type} recipients in ${request.destination_country}`);
  const searched = new Set([rule.account_field, ...(rule.when ? [rule.when.field] : [])]);
  const schema = { ...corridor.schema, fields: corridor.schema.fields.filter((f) => searched.has(f.name)) };
  const checked = checkBeneficiary(schema, request.values, {
    today: utcCalendarDate(deps.clock.now()),
    choices: await directoryChoices(deps, corridor),
  });
  const [failure] = checked.errors;
  if (failure) {
    const message = beneficiaryMessage(failure.message, failure.params);
    throw new ApiError('ValidationFailed', message, `values.${failure.field}`);
  }
  if (!accountSearchApplies(rule, checked.values)) {
    const path = `values.${rule.when?.field ?? rule.account_field}`;
    throw new ApiError('ValidationFailed', 'This account is not searched: type the names instead', path);
  }
  return searchAccount(deps, caller, corridor, rule, checked.values[rule.account_field] ?? '');
}

const holderOf = (record: PayoutRecord): HolderName => ({
  first_name: record.first_name,
  middle_name: record.middle_name,
  last_name: record.last_name,
});

/** The search's rule where it holds for a recipient's values, else undefined. */
function searchFor(deps: AppDeps, corridor: CorridorSchema, values: Record<string, string>) {
  const rule = accountSearchRule(deps, corridor);
  return rule && accountSearchApplies(rule, values) ? rule : undefined;
}

/**
 * check-account for a recipient about to be saved: where the account is
 * searched, the names given against the holder found (`match` or
 * `no_match`, the refusals and no answer as they are); elsewhere the lookup.
 */
export async function checkRecipientAccount(
  deps: AppDeps,
  caller: LookupCaller,
  corridor: CorridorSchema,
  record: PayoutRecord,
): Promise<AccountCheck> {
  const values = JSON.parse(record.fields) as Record<string, string>;
  const rule = searchFor(deps, corridor, values);
  if (!rule) return lookUpAccount(deps, caller, corridor, record);
  const found = await searchAccount(deps, caller, corridor, rule, values[rule.account_field] ?? '');
  const field = rule.account_field;
  if (found.result !== 'found' || found.holder === null) {
    return { result: found.result === 'found' ? 'unavailable' : found.result, field, registered_name: null };
  }
  const result = sameHolder(found.holder, holderOf(record)) ? 'match' : 'no_match';
  return { result, field, registered_name: null };
}

/**
 * The rule on saving a recipient: where the account is searched, saved only
 * with the names the search found (422 AccountNameMismatch otherwise, the
 * browser's names never trusted), refused for an account the search refuses,
 * and not saved while the provider cannot answer (503: nobody checked the
 * names); elsewhere the lookup's rule (`enforceAccountCheck`).
 */
export async function enforceRecipientAccount(
  deps: AppDeps,
  caller: LookupCaller,
  corridor: CorridorSchema,
  record: PayoutRecord,
  confirmed: boolean,
): Promise<void> {
  const values = JSON.parse(record.fields) as Record<string, string>;
  const rule = searchFor(deps, corridor, values);
  if (!rule) return enforceAccountCheck(deps, caller, corridor, record, confirmed);
  const check = await checkRecipientAccount(deps, caller, corridor, record);
  if (check.result === 'match') return;
  if (check.result === 'no_match') {
    throw new ApiError(
      'AccountNameMismatch',
      'The names must be the account holder’s, as the account search found them.',
      'values.first_name',
    );
  }
  if (check.result === 'unavailable') {
    throw new ApiError(
      'ServiceUnavailable',
      'The account could not be searched now, so the recipient cannot be saved. Try again in a few minutes.',
      `values.${rule.account_field}`,
    );
  }
  throw refusal(check.result, `values.${rule.account_field}`, corridor.schema.destination_currency);
}
