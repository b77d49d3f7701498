import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletMovementType } from '../../../domain/wallets.ts';

/** What each kind of wallet movement is called on the wallet screen and its statements. */
export const MOVEMENT_LABELS: Readonly<Record<WalletMovementType, MessageDescriptor>> = {
  top_up: msg`Top-up`,
  bank_credit: msg`Bank payment received`,
  conversion: msg`Conversion`,
  payment: msg`Transfer paid`,
  refund: msg`Transfer refunded`,
  card_refund: msg`Refund sent to your card`,
  fee_refund: msg`Fee given back`,
  other: msg`Other movement`,
};
