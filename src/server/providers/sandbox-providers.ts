import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import { sandboxAddressBook } from './address-book/sandbox-address-book.ts';
import { sandboxBankId } from './bank-id/sandbox-bank-id.ts';
import { sandboxCaptcha } from './captcha/sandbox-captcha.ts';
import { sandboxCardGateway } from './card-gateway/sandbox-card-gateway.ts';
import { sandboxFxRates } from './fx-rates/sandbox-fx-rates.ts';
import { sandboxDocumentProvider } from './identity-documents/sandbox-document-provider.ts';
import { sandboxMessaging } from './messaging/sandbox-messaging.ts';
import { sandboxPayoutPartner } from './payout-partner/sandbox-payout-partner.ts';
import type { Providers } from './providers.ts';
import { sandboxTwoPlusTwo } from './two-plus-two/sandbox-two-plus-two.ts';
import { sandboxWatchlist } from './watchlist/sandbox-watchlist.ts';
import { sandboxPushSender } from './web-push/sandbox-push-sender.ts';

export interface ProviderContext {
  db: Db;
  config: Config;
  clock: Clock;
}

/** The sandbox adapter of every provider (DESIGN §4). */
export function sandboxProviders(ctx: ProviderContext): Providers {
  return {
    messaging: sandboxMessaging(ctx.db, ctx.clock),
    cardGateway: sandboxCardGateway(ctx.db, ctx.clock, { latencyMs: ctx.config.sandboxGatewayLatencyMs }),
    fxRates: sandboxFxRates(ctx.clock),
    payoutPartner: sandboxPayoutPartner(ctx.db, ctx.clock, ctx.config.payoutStepSeconds),
    captcha: sandboxCaptcha(),
    addressBook: sandboxAddressBook(),
    watchlist: sandboxWatchlist(),
    twoPlusTwo: sandboxTwoPlusTwo(),
    documents: sandboxDocumentProvider(ctx.db, ctx.clock, ctx.config.sandboxDocumentReviewSeconds),
    push: sandboxPushSender(ctx.config.vapid),
    bankId: sandboxBankId(ctx.db, ctx.clock),
  };
}
