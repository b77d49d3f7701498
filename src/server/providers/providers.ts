import type { AccountLookup } from './account-lookup/account-lookup.ts';
import type { AddressBook } from './address-book/address-book.ts';
import type { BankIdProvider } from './bank-id/bank-id-provider.ts';
import type { BankLinkProvider } from './bank-link/bank-link-provider.ts';
import type { CaptchaProvider } from './captcha/captcha-provider.ts';
import type { CardGateway } from './card-gateway/card-gateway.ts';
import type { DocumentStore } from './document-store/document-store.ts';
import type { FxRateProvider } from './fx-rates/fx-rate-provider.ts';
import type { ReferenceRateProvider } from './fx-rates/reference-rate-provider.ts';
import type { IdentityCaptureProvider } from './identity-capture/identity-capture-provider.ts';
import type { DocumentProvider } from './identity-documents/document-provider.ts';
import type { MessagingProvider } from './messaging/messaging-provider.ts';
import type { PayoutCardGateway } from './payout-cards/payout-card-gateway.ts';
import type { PayoutPartner } from './payout-partner/payout-partner.ts';
import type { TwoPlusTwoProvider } from './two-plus-two/two-plus-two-provider.ts';
import type { WatchlistProvider } from './watchlist/watchlist-provider.ts';
import type { PushSender } from './web-push/push-sender.ts';

/**
 * Every external provider Sarraf talks to, as an interface. Sandbox adapters
 * implement them here; a production adapter is one new file per provider.
 */
export interface Providers {
  messaging: MessagingProvider;
  cardGateway: CardGateway;
  fxRates: FxRateProvider;
  referenceRates: ReferenceRateProvider;
  /** null with `PAYOUT_CARDS=off`: no card payouts are offered */
  payoutCards: PayoutCardGateway | null;
  payoutPartner: PayoutPartner;
  captcha: CaptchaProvider;
  addressBook: AddressBook;
  watchlist: WatchlistProvider;
  twoPlusTwo: TwoPlusTwoProvider;
  documents: DocumentProvider;
  identityCapture: IdentityCaptureProvider;
  documentStore: DocumentStore;
  push: PushSender;
  bankId: BankIdProvider;
  bankLink: BankLinkProvider;
  /** null with ACCOUNT_LOOKUP=off: no recipient's account is looked up (every check answers `not_applicable`) */
  accountLookup: AccountLookup | null;
}
