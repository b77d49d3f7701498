import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PayoutType } from '../../domain/payout-types.ts';

/** How a recipient receives the money, as the customer reads it (SPEC §1 payout types). */
export const PAYOUT_TYPE_NAMES: Readonly<Record<PayoutType, MessageDescriptor>> = {
  mobile: msg`Mobile money`,
  cash: msg`Cash collection`,
  bank: msg`Bank deposit`,
  card: msg`Card`,
  wallet: msg`Wallet transfer`,
};
