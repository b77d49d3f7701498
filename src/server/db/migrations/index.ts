import type { Migration } from 'kysely';
import * as platform from './0001-platform.ts';
import * as ledger from './0002-ledger.ts';
import * as outbox from './0003-outbox.ts';
import * as cardGateway from './0004-card-gateway.ts';
import * as identity from './0005-identity.ts';
import * as pricing from './0006-pricing.ts';
import * as beneficiaries from './0007-beneficiaries.ts';
import * as transfers from './0008-transfers.ts';
import * as paymentRequestHash from './0009-payment-request-hash.ts';
import * as oneTransferPerQuote from './0010-one-transfer-per-quote.ts';
import * as providerIdempotencyKeys from './0011-provider-idempotency-keys.ts';
import * as ledgerReconciliation from './0012-ledger-reconciliation.ts';
import * as abuseLimits from './0013-abuse-limits.ts';
import * as paymentVoids from './0014-payment-voids.ts';
import * as passwordRecoveries from './0015-password-recoveries.ts';
import * as phoneRegistration from './0016-phone-registration.ts';
import * as remitters from './0017-remitters.ts';
import * as launchInterest from './0018-launch-interest.ts';
import * as walletConversions from './0019-wallet-conversions.ts';
import * as walletTopUps from './0020-wallet-top-ups.ts';
import * as verification from './0022-verification.ts';
import * as verificationDocuments from './0023-verification-documents.ts';
import * as corridorsEverywhere from './0025-corridors-everywhere.ts';
import * as promoCodes from './0026-promo-codes.ts';
import * as transferHistory from './0028-transfer-history.ts';
import * as pushSubscriptions from './0031-push-subscriptions.ts';
import * as walletPayments from './0032-wallet-payments.ts';
import * as bankTransferPayments from './0033-bank-transfer-payments.ts';
import * as savedCards from './0034-saved-cards.ts';
import * as abandonedTopUps from './0035-abandoned-top-ups.ts';
import * as bankId from './0036-bank-id.ts';
import * as agents from './0037-agents.ts';
import * as verificationDocumentFiles from './0038-verification-document-files.ts';
import * as transferPayoutDetails from './0039-transfer-payout-details.ts';
import * as transferDisputes from './0040-transfer-disputes.ts';
import * as passkeys from './0042-passkeys.ts';
import * as bankLink from './0044-bank-link.ts';
import * as rateAlerts from './0045-rate-alerts.ts';
import * as accountChecks from './0046-account-checks.ts';
import * as identityCapture from './0048-identity-capture.ts';
import * as documentFileStore from './0049-document-file-store.ts';
import * as bankIdMigrate from './0054-bank-id-migrate.ts';
import * as contactChanges from './0055-contact-changes.ts';
import * as verificationRefusals from './0056-verification-refusals.ts';
import * as cardPayouts from './0057-card-payouts.ts';
import * as usCardPayments from './0058-us-card-payments.ts';
import * as registrationCommit from './0059-registration-commit.ts';
import * as guestSessions from './0060-guest-sessions.ts';
import * as sessionChangeNotify from './0061-session-change-notify.ts';
import * as payins from './0062-payins.ts';
import * as payinNotifications from './0063-payin-notifications.ts';
import * as messageDeliveryReports from './0064-message-delivery-reports.ts';
import * as savedCardConsent from './0065-saved-card-consent.ts';
import * as documentKeysAndStore from './0068-document-keys-and-store.ts';
import * as oidcBankId from './0069-oidc-bank-id.ts';
import * as isoCurrencyExponents from './0074-iso-currency-exponents.ts';
import * as deliveryPromise from './0080-delivery-promise.ts';
import * as recipientSms from './0081-recipient-sms.ts';
import * as transferSchedules from './0082-transfer-schedules.ts';
import * as listPageIndexes from './0083-list-page-indexes.ts';
import * as onfido from './0084-onfido.ts';
import * as adyenPayouts from './0085-adyen-payouts.ts';
import * as adyenBankLink from './0086-adyen-bank-link.ts';
import * as ledgerPendingBalances from './0087-ledger-pending-balances.ts';
import * as transferHistoryIndex from './0088-transfer-history-index.ts';

/**
 * Every migration, in order. Names are stable forever: a migration once
 * released is never edited, only followed by another.
 */
export const migrations: Record<string, Migration> = {
  '0001-platform': platform,
  '0002-ledger': ledger,
  '0003-outbox': outbox,
  '0004-card-gateway': cardGateway,
  '0005-identity': identity,
  '0006-pricing': pricing,
  '0007-beneficiaries': beneficiaries,
  '0008-transfers': transfers,
  '0009-payment-request-hash': paymentRequestHash,
  '0010-one-transfer-per-quote': oneTransferPerQuote,
  '0011-provider-idempotency-keys': providerIdempotencyKeys,
  '0012-ledger-reconciliation': ledgerReconciliation,
  '0013-abuse-limits': abuseLimits,
  '0014-payment-voids': paymentVoids,
  '0015-password-recoveries': passwordRecoveries,
  '0016-phone-registration': phoneRegistration,
  '0017-remitters': remitters,
  '0018-launch-interest': launchInterest,
  '0025-corridors-everywhere': corridorsEverywhere,
  '0026-promo-codes': promoCodes,
  '0028-transfer-history': transferHistory,
  '0022-verification': verification,
  '0023-verification-documents': verificationDocuments,
  '0019-wallet-conversions': walletConversions,
  '0020-wallet-top-ups': walletTopUps,
  '0031-push-subscriptions': pushSubscriptions,
  '0032-wallet-payments': walletPayments,
  '0033-bank-transfer-payments': bankTransferPayments,
  '0038-verification-document-files': verificationDocumentFiles,
  '0039-transfer-payout-details': transferPayoutDetails,
  '0036-bank-id': bankId,
  '0037-agents': agents,
  '0034-saved-cards': savedCards,
  '0035-abandoned-top-ups': abandonedTopUps,
  '0040-transfer-disputes': transferDisputes,
  '0044-bank-link': bankLink,
  '0045-rate-alerts': rateAlerts,
  '0046-account-checks': accountChecks,
  '0048-identity-capture': identityCapture,
  '0049-document-file-store': documentFileStore,
  '0054-bank-id-migrate': bankIdMigrate,
  '0042-passkeys': passkeys,
  '0055-contact-changes': contactChanges,
  '0056-verification-refusals': verificationRefusals,
  '0057-card-payouts': cardPayouts,
  '0058-us-card-payments': usCardPayments,
  '0059-registration-commit': registrationCommit,
  '0060-guest-sessions': guestSessions,
  '0061-session-change-notify': sessionChangeNotify,
  '0062-payins': payins,
  '0063-payin-notifications': payinNotifications,
  '0064-message-delivery-reports': messageDeliveryReports,
  '0065-saved-card-consent': savedCardConsent,
  '0068-document-keys-and-store': documentKeysAndStore,
  '0069-oidc-bank-id': oidcBankId,
  '0074-iso-currency-exponents': isoCurrencyExponents,
  '0080-delivery-promise': deliveryPromise,
  '0081-recipient-sms': recipientSms,
  '0082-transfer-schedules': transferSchedules,
  '0083-list-page-indexes': listPageIndexes,
  '0084-onfido': onfido,
  '0085-adyen-payouts': adyenPayouts,
  '0086-adyen-bank-link': adyenBankLink,
  '0087-ledger-pending-balances': ledgerPendingBalances,
  '0088-transfer-history-index': transferHistoryIndex,
};
