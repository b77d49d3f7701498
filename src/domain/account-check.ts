/**
 * Account lookup before sending (SPEC §5 "account search", §4 "name
 * mismatch"): the payout provider says whether the account exists, takes
 * this currency, and is held in the name the customer typed.
 */
export const ACCOUNT_CHECK_RESULTS = [
  /** the account exists and is held in the typed name */
  'match',
  /** the account exists in a similar name: the customer sees it and confirms which to keep */
  'close_match',
  /** the account exists in another name: correct the details */
  'no_match',
  /** no such account */
  'account_not_found',
  /** the account cannot receive money: try another */
  'account_restricted',
  /** the account is held in another currency than the destination's */
  'currency_mismatch',
  /** the provider could not answer now: the customer may go on, warned */
  'unavailable',
  /** this payout type has no account to look up (cash collection) */
  'not_applicable',
] as const;
export type AccountCheckResult = (typeof ACCOUNT_CHECK_RESULTS)[number];

/** What the customer can do after a check: go on, confirm the registered name, go on warned, or correct the details. */
export type AccountCheckNext = 'continue' | 'confirm_name' | 'continue_warned' | 'correct';

export function nextAfterCheck(result: AccountCheckResult): AccountCheckNext {
  switch (result) {
    case 'match':
    case 'not_applicable':
      return 'continue';
    case 'close_match':
      return 'confirm_name';
    case 'unavailable':
      return 'continue_warned';
    case 'no_match':
    case 'account_not_found':
    case 'account_restricted':
    case 'currency_mismatch':
      return 'correct';
  }
}

/** The names of an account's holder as the provider registered them. */
export interface HolderName {
  first_name: string;
  middle_name: string | null;
  last_name: string;
}

/**
 * Whether a recipient may be saved after the lookup answered `result`, the
 * rule the form follows and the server enforces: a match (or nothing to look
 * up) is saved; a close name or a provider that could not answer needs the
 * customer's explicit choice (`confirmed`); anything the customer must correct
 * is refused.
 */
export function saveAfterCheck(result: AccountCheckResult, confirmed: boolean): 'save' | 'confirm' | 'refuse' {
  switch (nextAfterCheck(result)) {
    case 'continue':
      return 'save';
    case 'confirm_name':
    case 'continue_warned':
      return confirmed ? 'save' : 'confirm';
    case 'correct':
      return 'refuse';
  }
}

/**
 * What a forced account search (SPEC §5) finds from the account alone: its
 * holder, or why it cannot be paid (SPEC §5's account_restricted,
 * currency_mismatch, account_not_found), or no answer now.
 */
export const ACCOUNT_SEARCH_RESULTS = [
  'found',
  'account_not_found',
  'account_restricted',
  'currency_mismatch',
  'unavailable',
] as const;
export type AccountSearchResult = (typeof ACCOUNT_SEARCH_RESULTS)[number];

/** The names a search found and the names given are the same (surrounding spaces and an empty middle name aside). */
export function sameHolder(a: HolderName, b: HolderName): boolean {
  const parts = (name: HolderName) => [name.first_name, name.middle_name ?? '', name.last_name].map((p) => p.trim());
  const [x, y] = [parts(a), parts(b)];
  return x.every((part, i) => part === y[i]);
}
