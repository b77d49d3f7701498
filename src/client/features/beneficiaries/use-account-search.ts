import { useEffect, useState } from 'react';
import type { HolderName } from '../../../domain/account-check.ts';
import { checkBeneficiary } from '../../../domain/beneficiary-rules.ts';
import { type AccountSearchRule, accountSearchApplies } from '../../../domain/beneficiary-schema.ts';
import { type AccountSearch, beneficiariesApi } from '../../../domain/contract/beneficiaries.ts';
import { utcCalendarDate } from '../../../domain/rules.ts';
import { call } from '../../lib/api/client.ts';
import { type LoadedSchema, sourceChoices } from './load-beneficiary-schema.ts';

/** How long typing pauses before the account is searched. */
export const ACCOUNT_SEARCH_DELAY_MS = 500;

export type AccountSearchState =
  | { status: 'waiting' }
  | { status: 'searching' }
  | { status: 'answered'; answer: AccountSearch }
  | { status: 'failed' };

export interface ForcedAccountSearch {
  rule: AccountSearchRule;
  state: AccountSearchState;
  /** the holder found, whose names the form takes */
  holder: HolderName | undefined;
}

/** The values the search reads, when they pass their fields' own checks; undefined until they do. */
function searchedValues(loaded: LoadedSchema, rule: AccountSearchRule, values: Readonly<Record<string, string>>) {
  const names = new Set([rule.account_field, ...(rule.when ? [rule.when.field] : [])]);
  const schema = { ...loaded.schema, fields: loaded.schema.fields.filter((f) => names.has(f.name)) };
  const read = Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
  const checked = checkBeneficiary(schema, read, {
    today: utcCalendarDate(new Date()),
    choices: sourceChoices(loaded.sources),
  });
  return checked.errors.length === 0 && checked.values[rule.account_field] ? checked.values : undefined;
}

/**
 * SPEC §5's forced account search, where the schema's rule holds for the
 * values (an e-Dahab wallet): the account is searched once typing pauses and
 * its checks pass, and the holder found is whose names the form sends.
 * Undefined where the names are typed.
 */
export function useAccountSearch(
  loaded: LoadedSchema,
  values: Readonly<Record<string, string>>,
): ForcedAccountSearch | undefined {
  const rule = loaded.schema.constraints.account_search;
  const applies = rule !== undefined && accountSearchApplies(rule, values);
  const searched = applies ? searchedValues(loaded, rule, values) : undefined;
  const key = searched ? JSON.stringify(searched) : '';
  const [state, setState] = useState<AccountSearchState>({ status: 'waiting' });

  useEffect(() => {
    setState({ status: 'waiting' });
    if (key === '') return;
    const controller = new AbortController();
    const { schema } = loaded;
    const timer = setTimeout(() => {
      setState({ status: 'searching' });
      call(beneficiariesApi.searchAccount, {
        body: {
          destination_country: schema.destination_country,
          payout_type: schema.payout_type,
          destination_currency: schema.destination_currency,
          values: JSON.parse(key) as Record<string, string>,
        },
        signal: controller.signal,
      }).then(
        (answer) => setState({ status: 'answered', answer }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'failed' });
        },
      );
    }, ACCOUNT_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, loaded]);

  if (!applies) return undefined;
  const holder = state.status === 'answered' ? (state.answer.holder ?? undefined) : undefined;
  return { rule, state, holder };
}
