import {
  type AccountAnswer,
  type AccountLookup,
  AccountLookupUnavailable,
  type AccountSearchAnswer,
} from './account-lookup.ts';

/** The holder of every sandbox account whose name only nearly matches. */
export const SANDBOX_CLOSE_MATCH_HOLDER = { first_name: 'Asha', middle_name: 'Mohamed', last_name: 'Warsame' };

/** The holder a sandbox account search finds for every account it finds. */
export const SANDBOX_SEARCHED_HOLDER = { first_name: 'Ayaan', middle_name: 'Mohamed', last_name: 'Farah' };

/**
 * The sandbox lookup answers by the account's last four digits (mobile
 * number or account number), so every corridor can show each result:
 * 0001 close match (held by Asha Mohamed Warsame), 0002 another name,
 * 0003 not found, 0004 restricted, 0005 another currency, 0006 the
 * provider is unavailable; any other account is held in the name given.
 */
const BY_ENDING: Readonly<Record<string, AccountAnswer | 'unavailable'>> = {
  '0001': { kind: 'close_match', registered: SANDBOX_CLOSE_MATCH_HOLDER },
  '0002': { kind: 'no_match' },
  '0003': { kind: 'account_not_found' },
  '0004': { kind: 'account_restricted' },
  '0005': { kind: 'currency_mismatch' },
  '0006': 'unavailable',
};

/**
 * A sandbox search by the same endings: 0003 not found, 0004 restricted,
 * 0005 another currency, 0006 unavailable; any other account is found, held
 * by Ayaan Mohamed Farah.
 */
const SEARCH_BY_ENDING: Readonly<Record<string, AccountSearchAnswer | 'unavailable'>> = {
  '0003': { kind: 'account_not_found' },
  '0004': { kind: 'account_restricted' },
  '0005': { kind: 'currency_mismatch' },
  '0006': 'unavailable',
};

const sameName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

export function sandboxAccountLookup(): AccountLookup {
  return {
    async lookup({ account, holder }) {
      const answer = BY_ENDING[account.slice(-4)] ?? { kind: 'match' };
      if (answer === 'unavailable') throw new AccountLookupUnavailable('sandbox account lookup: 0006 is unavailable');
      if (answer.kind !== 'close_match') return answer;
      const { registered } = answer;
      const typed = [holder.first_name, holder.middle_name ?? '', holder.last_name];
      const held = [registered.first_name, registered.middle_name ?? '', registered.last_name];
      return typed.every((part, i) => sameName(part, held[i] ?? '')) ? { kind: 'match' } : answer;
    },
    async search({ account }) {
      const answer = SEARCH_BY_ENDING[account.slice(-4)] ?? { kind: 'found', holder: SANDBOX_SEARCHED_HOLDER };
      if (answer === 'unavailable') throw new AccountLookupUnavailable('sandbox account search: 0006 is unavailable');
      return answer;
    },
  };
}
