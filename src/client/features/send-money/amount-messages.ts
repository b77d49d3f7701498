import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { displayMoney } from '../../../domain/money.ts';
import type { AmountRefusal } from '../../../domain/pricing.ts';
import type { AmountEntry } from './amount-entry.ts';

/** Why a typed amount cannot be used, in the customer's language. */
export function amountEntryMessage(i18n: I18n, entry: Exclude<AmountEntry, { ok: true }>, currency: string): string {
  switch (entry.problem) {
    case 'empty':
      return i18n._(msg`Enter an amount`);
    case 'invalid':
      return i18n._(msg`Enter an amount such as 100 or 100.50`);
    case 'decimals': {
      const digits = entry.digits;
      return i18n._(
        msg`${plural(digits, {
          0: `${currency} amounts have no decimals`,
          one: `${currency} amounts have at most # decimal`,
          other: `${currency} amounts have at most # decimals`,
        })}`,
      );
    }
  }
}

/** The corridor limit an amount breaks (SPEC: refused with a clear message naming the limit). */
export function refusalMessage(i18n: I18n, refusal: AmountRefusal): string {
  const amount = displayMoney(refusal.limit, refusal.currency, i18n.locale);
  if (refusal.side === 'send') {
    return refusal.kind === 'below_min'
      ? i18n._(msg`The minimum you can send is ${amount}`)
      : i18n._(msg`The most you can send is ${amount}`);
  }
  return refusal.kind === 'below_min'
    ? i18n._(msg`The minimum they can receive is ${amount}`)
    : i18n._(msg`The most they can receive is ${amount}`);
}
