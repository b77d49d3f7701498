import type { Area } from '../http/mount-endpoints.ts';
import { beneficiariesArea } from './beneficiaries/beneficiaries-handlers.ts';
import { cardsArea } from './cards/cards-handlers.ts';
import { contactArea } from './contact/contact-handlers.ts';
import { kycArea } from './kyc/kyc-handlers.ts';
import { locatorArea } from './locator/locator-handlers.ts';
import { notificationsArea } from './notifications/notifications-handlers.ts';
import { oauthArea } from './oauth/oauth-handlers.ts';
import { passkeysArea } from './passkeys/passkeys-handlers.ts';
import { promotionsArea } from './promotions/promotions-handlers.ts';
import { quotesArea } from './quotes/quotes-handlers.ts';
import { ratesArea } from './rates/rates-handlers.ts';
import { remitterArea } from './remitter/remitter-handlers.ts';
import { schedulesArea } from './schedules/schedules-handlers.ts';
import { transfersArea } from './transfers/transfers-handlers.ts';
import { userArea } from './user/user-handlers.ts';
import { verificationArea } from './verification/verification-handlers.ts';
import { walletsArea } from './wallets/wallets-handlers.ts';

/** Every API area's table with its handlers, by the same names as `API_AREAS` (src/domain/contract/endpoints.ts). */
export const AREAS = {
  beneficiaries: beneficiariesArea,
  cards: cardsArea,
  contact: contactArea,
  kyc: kycArea,
  locator: locatorArea,
  notifications: notificationsArea,
  oauth: oauthArea,
  passkeys: passkeysArea,
  promotions: promotionsArea,
  quotes: quotesArea,
  rates: ratesArea,
  remitter: remitterArea,
  schedules: schedulesArea,
  transfers: transfersArea,
  user: userArea,
  verification: verificationArea,
  wallets: walletsArea,
} as const satisfies Record<string, Area>;
