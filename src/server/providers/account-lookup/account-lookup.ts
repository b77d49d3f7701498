import type { HolderName } from '../../../domain/account-check.ts';
import type { PayoutType } from '../../../domain/payout-types.ts';

/** One account to look up: where it is, what it is, and the name the customer gave its holder. */
export interface AccountQuery {
  country: string;
  payoutType: PayoutType;
  currency: string;
  /** the mobile number (E.164) or account number, canonical */
  account: string;
  holder: HolderName;
}

/**
 * What the payout provider knows of an account, compared with the name
 * given (like a confirmation-of-payee service): found in that name, in a
 * similar one (`registered` says which), in another one, or not found;
 * restricted or in another currency.
 */
export type AccountAnswer =
  | { kind: 'match' }
  | { kind: 'close_match'; registered: HolderName }
  | { kind: 'no_match' }
  | { kind: 'account_not_found' }
  | { kind: 'account_restricted' }
  | { kind: 'currency_mismatch' };

/** What the provider finds from an account alone (SPEC §5's forced search): its holder, or why it cannot be paid. */
export type AccountSearchAnswer =
  | { kind: 'found'; holder: HolderName }
  | { kind: 'account_not_found' }
  | { kind: 'account_restricted' }
  | { kind: 'currency_mismatch' };

/** Thrown when the provider cannot answer now (down, timed out). */
export class AccountLookupUnavailable extends Error {}

/** The account lookup (name check) service of the payout providers. */
export interface AccountLookup {
  lookup(query: AccountQuery): Promise<AccountAnswer>;
  /** the account's holder, for providers whose accounts are searched rather than named (SPEC §5) */
  search(query: Omit<AccountQuery, 'holder'>): Promise<AccountSearchAnswer>;
}
