import { randomBytes } from 'node:crypto';
import { beneficiaryMessage } from '../../../domain/beneficiary-messages.ts';
import { checkBeneficiary } from '../../../domain/beneficiary-rules.ts';
import type { DataSourceName } from '../../../domain/beneficiary-schema.ts';
import {
  MOBILE_CONFIRMATION,
  MOBILE_CONFIRMATION_MESSAGES,
  mobileConfirmationProblem,
} from '../../../domain/confirm-mobile.ts';
import type {
  Beneficiary,
  BeneficiaryListQuery,
  CreateBeneficiaryRequest,
  DataSourceEntry,
  UpdateBeneficiaryRequest,
} from '../../../domain/contract/beneficiaries.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';
import { recipientMobile } from '../../../domain/recipient-sms.ts';
import { utcCalendarDate } from '../../../domain/rules.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppDeps } from '../../http/app-env.ts';
import type { LookupCaller } from './account-lookup.ts';
import { enforceRecipientAccount } from './account-search.ts';
import { beneficiaryView } from './beneficiary-view.ts';
import { dataSourceEntries } from './data-sources.ts';
import { recipientCard } from './payout-card.ts';
import { payoutFingerprint, payoutLabel } from './payout-identity.ts';
import { isDeliverable } from './payout-reach.ts';
import { findCorridorSchema } from './schemas/catalogue.ts';
import { type CorridorSchema, schemaDataSources } from './schemas/corridor-schema.ts';

const ALREADY_EXISTS = 'You already have this recipient. Update the existing recipient instead of adding it again.';

function newBeneficiaryId(): string {
  return `ben_${randomBytes(16).toString('base64url')}`;
}

/** The form for a corridor, or a 404 naming what has none. */
export function corridorSchemaOr404(country: string, payoutType: PayoutType, currency: string): CorridorSchema {
  const corridor = findCorridorSchema(country, payoutType, currency);
  if (!corridor) throw notFound(`A ${payoutType} recipient form for ${country} in ${currency}`);
  return corridor;
}

/**
 * The form for a corridor customers may add recipients in: one the payout
 * side can deliver (`isDeliverable`), or a 404 as if it had no form.
 */
export function offeredCorridorSchemaOr404(
  deps: Pick<AppDeps, 'providers'>,
  country: string,
  payoutType: PayoutType,
  currency: string,
): CorridorSchema {
  const route = { destinationCountry: country, destinationCurrency: currency, payoutType };
  if (!isDeliverable(deps.providers, route))
    throw notFound(`A ${payoutType} recipient form for ${country} in ${currency}`);
  return corridorSchemaOr404(country, payoutType, currency);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** What a recipient row holds, from values that passed the corridor's schema. */
export interface PayoutRecord {
  first_name: string;
  middle_name: string | null;
  last_name: string;
  fields: string;
  payout_label: string;
  fingerprint: string;
  /** a card recipient's card (JSON), null for other payout types */
  payout_card: string | null;
}

/** The live payout directories the corridor's fields choose from. */
async function directoryEntries(
  deps: AppDeps,
  corridor: CorridorSchema,
): Promise<Map<DataSourceName, DataSourceEntry[]>> {
  const sources = schemaDataSources(corridor);
  const country = corridor.schema.destination_country;
  const lists = await Promise.all(sources.map((name) => dataSourceEntries(deps.db, name, country)));
  return new Map(sources.map((name, i) => [name, lists[i] ?? []]));
}

const choicesOf = (entries: Map<DataSourceName, DataSourceEntry[]>) =>
  Object.fromEntries([...entries].map(([name, list]) => [name, list.map((e) => e.code)]));

/** The codes each of the corridor's directories offers, as `checkBeneficiary` checks choices against. */
export async function directoryChoices(deps: AppDeps, corridor: CorridorSchema) {
  return choicesOf(await directoryEntries(deps, corridor));
}

/**
 * Check a recipient's values with the corridor's schema and the live payout
 * directories, the way the client's form does; the first failure is a 400 on
 * `values.<field>`.
 */
export async function payoutRecord(
  deps: AppDeps,
  corridor: CorridorSchema,
  values: Readonly<Record<string, string>>,
  currentCardToken?: string,
): Promise<PayoutRecord> {
  const country = corridor.schema.destination_country;
  const entries = await directoryEntries(deps, corridor);
  const choices = choicesOf(entries);

  const checked = checkBeneficiary(corridor.schema, values, { today: utcCalendarDate(deps.clock.now()), choices });
  const [failure] = checked.errors;
  if (failure) {
    throw new ApiError(
      'ValidationFailed',
      beneficiaryMessage(failure.message, failure.params),
      `values.${failure.field}`,
    );
  }

  const { first_name, middle_name, last_name, ...fields } = checked.values;
  if (first_name === undefined || last_name === undefined) {
    throw new Error(`The ${corridor.schema.payout_type} form of ${country} must require first and last names`);
  }
  const names = { first_name, middle_name: middle_name ?? null, last_name };
  if (fields.card_token !== undefined) {
    const kept = await recipientCard(deps, country, names, fields.card_token, currentCardToken);
    return {
      ...names,
      fields: JSON.stringify({ ...fields, card_token: kept.token }),
      payout_label: kept.label,
      // the same card is the same recipient, whichever token it came with
      fingerprint: payoutFingerprint(corridor, { ...checked.values, card_token: kept.card.fingerprint }),
      payout_card: JSON.stringify(kept.card),
    };
  }
  const labelSource = corridor.schema.fields.find((f) => f.name === corridor.label.sourceField)?.data_source;
  const labelEntries = new Map((labelSource ? (entries.get(labelSource) ?? []) : []).map((e) => [e.code, e]));
  return {
    ...names,
    fields: JSON.stringify(fields),
    payout_label: payoutLabel(corridor, checked.values, labelEntries),
    fingerprint: payoutFingerprint(corridor, checked.values),
    payout_card: null,
  };
}

/**
 * Whether the recipient is told by SMS: what the customer asked (`wanted`;
 * absent: as it was), only with a mobile number on the form; asking for it
 * without one is a 400 on `notify_by_sms`.
 */
function smsOptIn(corridor: CorridorSchema, record: PayoutRecord, wanted: boolean | undefined, was: boolean): boolean {
  const mobile = recipientMobile(corridor.schema.fields, JSON.parse(record.fields));
  if (wanted === true && mobile === undefined) {
    throw new ApiError(
      'ValidationFailed',
      'The recipient can be told by SMS only with a mobile number on the form',
      'notify_by_sms',
    );
  }
  return (wanted ?? was) && mobile !== undefined;
}

/**
 * SPEC §9 confirm-mobile (MOBILE_PAYOUT_CONFIRM_MOBILE): a mobile-money recipient's number, new or changed from
 * `saved`, comes with the same number typed again; else 400 on `mobile_confirmation`.
 */
export function assertMobileConfirmed(
  deps: AppDeps,
  corridor: CorridorSchema,
  values: Readonly<Record<string, string>>,
  confirmation: string | undefined,
  saved?: Readonly<Record<string, string>>,
): void {
  if (!deps.config.features.confirmMobile) return;
  const problem = mobileConfirmationProblem(corridor.schema, values, confirmation, saved);
  if (problem) throw new ApiError('ValidationFailed', MOBILE_CONFIRMATION_MESSAGES[problem], MOBILE_CONFIRMATION);
}

/**
 * Save a new recipient whose account the lookup or search lets through (`enforceRecipientAccount`);
 * 409 BeneficiaryAlreadyExists when the customer already has one for that account.
 */
export async function createBeneficiary(
  deps: AppDeps,
  caller: LookupCaller,
  request: CreateBeneficiaryRequest,
): Promise<Beneficiary> {
  const { customerId } = caller;
  const corridor = offeredCorridorSchemaOr404(
    deps,
    request.destination_country,
    request.payout_type,
    request.destination_currency,
  );
  const record = await payoutRecord(deps, corridor, request.values);
  assertMobileConfirmed(deps, corridor, request.values, request.mobile_confirmation);
  const notifyBySms = smsOptIn(corridor, record, request.notify_by_sms, false);
  await enforceRecipientAccount(deps, caller, corridor, record, request.account_check_confirmed === true);
  const now = deps.clock.now();
  const row = await deps.db
    .insertInto('beneficiaries')
    .values({
      id: newBeneficiaryId(),
      customer_id: customerId,
      country_iso2: corridor.schema.destination_country,
      payout_type: corridor.schema.payout_type,
      currency_iso3: corridor.schema.destination_currency,
      ...record,
      notify_by_sms: notifyBySms,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .onConflict((oc) => oc.columns(['customer_id', 'fingerprint']).where('deleted_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError('BeneficiaryAlreadyExists', ALREADY_EXISTS);
  return beneficiaryView(row, now);
}

/** One of the customer's live recipients; 404 for anyone else's, a deleted one, or an unknown id. */
export async function loadBeneficiary(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  customerId: string,
  id: string,
): Promise<Beneficiary> {
  const row = await db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('Recipient');
  return beneficiaryView(row, clock.now());
}

/** The customer's live recipients matching every filter given, most recently changed first. */
export async function listBeneficiaries(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  customerId: string,
  filters: BeneficiaryListQuery,
): Promise<Beneficiary[]> {
  let query = db
    .selectFrom('beneficiaries')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null);
  if (filters.country) query = query.where('country_iso2', '=', filters.country);
  if (filters.payout_type) query = query.where('payout_type', '=', filters.payout_type);
  if (filters.currency) query = query.where('currency_iso3', '=', filters.currency);
  if (filters.id) query = query.where('id', '=', filters.id);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').execute();
  const now = clock.now();
  return rows.map((row) => beneficiaryView(row, now));
}

/** The account and its holder's names, as the lookup is asked about them. */
function lookedUp(
  corridor: CorridorSchema,
  names: Pick<PayoutRecord, 'first_name' | 'middle_name' | 'last_name'>,
  values: Record<string, string>,
) {
  const account = corridor.label.accountField === undefined ? null : values[corridor.label.accountField];
  return JSON.stringify([account ?? null, names.first_name, names.middle_name, names.last_name]);
}

/**
 * Replace a recipient's values (names and payout details) in its corridor,
 * checked like a new one, the account looked up again when it or the names
 * change; 409 when they now match another of the customer's.
 */
export async function updateBeneficiary(
  deps: AppDeps,
  caller: LookupCaller,
  id: string,
  request: UpdateBeneficiaryRequest,
): Promise<Beneficiary> {
  const { customerId } = caller;
  const current = await loadBeneficiary(deps, customerId, id);
  const corridor = corridorSchemaOr404(current.country_iso2, current.payout_type, current.currency_iso3);
  const record = await payoutRecord(deps, corridor, request.values, current.values.card_token);
  assertMobileConfirmed(deps, corridor, request.values, request.mobile_confirmation, current.values);
  const notifyBySms = smsOptIn(corridor, record, request.notify_by_sms, current.notify_by_sms);
  if (lookedUp(corridor, record, JSON.parse(record.fields)) !== lookedUp(corridor, current, current.values)) {
    await enforceRecipientAccount(deps, caller, corridor, record, request.account_check_confirmed === true);
  }
  try {
    const row = await deps.db
      .updateTable('beneficiaries')
      .set({ ...record, notify_by_sms: notifyBySms, updated_at: deps.clock.now() })
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Recipient');
    return beneficiaryView(row, deps.clock.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError('BeneficiaryAlreadyExists', ALREADY_EXISTS);
    throw error;
  }
}

/**
 * Remove a recipient from the customer's list. The row stays, marked deleted,
 * so transfers already made to it still say who they paid.
 */
export async function deleteBeneficiary(deps: AppDeps, customerId: string, id: string): Promise<void> {
  const result = await deps.db
    .updateTable('beneficiaries')
    .set({ deleted_at: deps.clock.now() })
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Recipient');
}
