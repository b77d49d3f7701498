import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Logger } from '../http/logger.ts';
import { sandboxAccountLookup } from './account-lookup/sandbox-account-lookup.ts';
import { sandboxAddressBook } from './address-book/sandbox-address-book.ts';
import { sandboxBankId } from './bank-id/sandbox-bank-id.ts';
import { sandboxBankLink } from './bank-link/sandbox-bank-link.ts';
import { sandboxCaptcha } from './captcha/sandbox-captcha.ts';
import { sandboxCardGateway } from './card-gateway/sandbox-card-gateway.ts';
import { documentStoreFor } from './document-store/document-store-for.ts';
import { sandboxFxRates } from './fx-rates/sandbox-fx-rates.ts';
import { sandboxReferenceRates } from './fx-rates/sandbox-reference-rates.ts';
import { sandboxIdentityCapture } from './identity-capture/sandbox-identity-capture.ts';
import { sandboxDocumentProvider } from './identity-documents/sandbox-document-provider.ts';
import { sandboxMessaging } from './messaging/sandbox-messaging.ts';
import { sandboxPayoutCardGateway } from './payout-cards/sandbox-payout-card-gateway.ts';
import { sandboxPayoutPartner } from './payout-partner/sandbox-payout-partner.ts';
import type { Providers } from './providers.ts';
import { sandboxTwoPlusTwo } from './two-plus-two/sandbox-two-plus-two.ts';
import { sandboxWatchlist } from './watchlist/sandbox-watchlist.ts';
import { sandboxPushSender } from './web-push/sandbox-push-sender.ts';

export interface ProviderContext {
  db: Db;
  config: Config;
  clock: Clock;
  /** where real adapters say what they did (a fetch that failed); silent when absent */
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/** The sandbox adapter of every provider (DESIGN §4). */
export function sandboxProviders(ctx: ProviderContext): Providers {
  const documents = sandboxDocumentProvider(ctx.db, ctx.clock, ctx.config.sandboxDocumentReviewSeconds);
  return {
    messaging: sandboxMessaging(ctx.db, ctx.clock),
    cardGateway: sandboxCardGateway(ctx.db, ctx.clock, {
      latencyMs: ctx.config.sandboxGatewayLatencyMs,
      webhookKeys: ctx.config.paymentWebhookKeys.keys,
    }),
    fxRates: sandboxFxRates(ctx.db, ctx.clock),
    referenceRates: sandboxReferenceRates(),
    payoutCards: sandboxPayoutCardGateway(ctx.db, ctx.clock),
    payoutPartner: sandboxPayoutPartner(ctx.db, ctx.clock, ctx.config.payoutStepSeconds),
    captcha: sandboxCaptcha(),
    addressBook: sandboxAddressBook(),
    watchlist: sandboxWatchlist(),
    twoPlusTwo: sandboxTwoPlusTwo(),
    documents,
    identityCapture: sandboxIdentityCapture(ctx.db, ctx.clock, documents),
    documentStore: documentStoreFor(ctx.config, ctx.db, ctx.clock),
    push: sandboxPushSender(ctx.config.vapid),
    bankId: sandboxBankId(ctx.db, ctx.clock),
    bankLink: sandboxBankLink(ctx.db, ctx.clock),
    accountLookup: sandboxAccountLookup(),
  };
}
