import { beneficiariesApi } from './beneficiaries.ts';
import { cardsApi } from './cards.ts';
import { contactApi } from './contact.ts';
import type { EndpointTable } from './endpoint.ts';
import { kycApi } from './kyc.ts';
import { locatorApi } from './locator.ts';
import { notificationsApi } from './notifications.ts';
import { oauthApi } from './oauth.ts';
import { passkeysApi } from './passkeys.ts';
import { promotionsApi } from './promotions.ts';
import { quotesApi } from './quotes.ts';
import { ratesApi } from './rates.ts';
import { remitterApi } from './remitter.ts';
import { schedulesApi } from './schedules.ts';
import { transfersApi } from './transfers.ts';
import { userApi } from './user.ts';
import { verificationApi } from './verification.ts';
import { walletsApi } from './wallets.ts';

/** Every API area's endpoint table, by the area's one name (contract file, server module, client feature, tests). */
export const API_AREAS = {
  beneficiaries: beneficiariesApi,
  cards: cardsApi,
  contact: contactApi,
  kyc: kycApi,
  locator: locatorApi,
  notifications: notificationsApi,
  oauth: oauthApi,
  passkeys: passkeysApi,
  promotions: promotionsApi,
  quotes: quotesApi,
  rates: ratesApi,
  remitter: remitterApi,
  schedules: schedulesApi,
  transfers: transfersApi,
  user: userApi,
  verification: verificationApi,
  wallets: walletsApi,
} as const satisfies Record<string, EndpointTable>;
