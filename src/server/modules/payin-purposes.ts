import type { PayinPurposes } from '../payins/payin-purposes.ts';
import { TRANSFER_PAYIN } from './transfers/transfer-payin.ts';
import { TOP_UP_PAYIN } from './wallets/top-up-payin.ts';

/** What each pay-in is for, as the modules say: for the pay-in reconciler and the card gateway's webhooks. */
export const PAYIN_PURPOSES: PayinPurposes = { transfer: TRANSFER_PAYIN, top_up: TOP_UP_PAYIN };
