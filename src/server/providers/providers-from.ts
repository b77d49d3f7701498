import { idealPostcodesAddressBook } from './address-book/ideal-postcodes-address-book.ts';
import { noAddressBook } from './address-book/no-address-book.ts';
import { oidcBankId } from './bank-id/oidc-bank-id.ts';
import { adyenBankLink } from './bank-link/adyen-bank-link.ts';
import { recaptchaCaptcha } from './captcha/recaptcha-captcha.ts';
import { adyenCardGateway } from './card-gateway/adyen/adyen-card-gateway.ts';
import { adyenCheckout } from './card-gateway/adyen/adyen-checkout.ts';
import { ecbReferenceRates } from './fx-rates/ecb-reference-rates.ts';
import { exchangeRateApiRates } from './fx-rates/exchangerate-api-rates.ts';
import type { MessagingProvider } from './messaging/messaging-provider.ts';
import { smtpMessaging } from './messaging/smtp-messaging.ts';
import { twilioMessaging } from './messaging/twilio-messaging.ts';
import { onfidoApi } from './onfido/onfido-api.ts';
import { onfidoDocumentProvider } from './onfido/onfido-document-provider.ts';
import { onfidoIdentityCapture } from './onfido/onfido-identity-capture.ts';
import { onfidoTwoPlusTwo } from './onfido/onfido-two-plus-two.ts';
import { onfidoWatchlist } from './onfido/onfido-watchlist.ts';
import { adyenPayoutPartner } from './payout-partner/adyen/adyen-payout-partner.ts';
import { onfidoOf } from './provider-settings.ts';
import type { Providers } from './providers.ts';
import { type ProviderContext, sandboxProviders } from './sandbox-providers.ts';
import { webPushSender } from './web-push/web-push-sender.ts';

/** One sender per channel: e-mail and SMS may be different providers, or either the sandbox. */
function byChannel(email: MessagingProvider, sms: MessagingProvider): MessagingProvider {
  return {
    send: (message, call) => (message.channel === 'email' ? email : sms).send(message, call),
    close() {
      email.close?.();
      if (sms !== email) sms.close?.();
    },
  };
}

/**
 * Every provider as the configuration chooses it (`config.providers`, read
 * from MESSAGING_EMAIL, MESSAGING_SMS, PUSH, …): the chosen real adapter, or
 * the seam's sandbox adapter. The one place adapters are picked.
 */
export function providersFrom(ctx: ProviderContext): Providers {
  const sandbox = sandboxProviders(ctx);
  const settings = ctx.config.providers;
  const email = settings.email.kind === 'smtp' ? smtpMessaging(settings.email) : sandbox.messaging;
  const sms = settings.sms.kind === 'twilio' ? twilioMessaging(settings.sms, ctx.config) : sandbox.messaging;
  const vapid = ctx.config.vapid;
  const logger = ctx.logger ?? { info: () => {}, warn: () => {} };
  const onfido = onfidoOf(settings);
  const onfidoClient = onfido ? onfidoApi(onfido) : undefined;
  const publicOrigin = ctx.config.publicOrigin ?? `http://localhost:${ctx.config.port}`;
  return {
    ...sandbox,
    documents:
      settings.documents.kind === 'onfido' && onfidoClient
        ? onfidoDocumentProvider(ctx.db, onfidoClient, ctx.clock)
        : sandbox.documents,
    identityCapture:
      settings.identityCapture.kind === 'onfido' && onfidoClient
        ? onfidoIdentityCapture(ctx.db, onfidoClient, ctx.clock, settings.identityCapture)
        : sandbox.identityCapture,
    watchlist:
      settings.watchlist.kind === 'onfido' && onfidoClient
        ? onfidoWatchlist(ctx.db, onfidoClient, ctx.clock)
        : sandbox.watchlist,
    twoPlusTwo:
      settings.twoPlusTwo.kind === 'onfido' && onfidoClient
        ? onfidoTwoPlusTwo(onfidoClient, ctx.clock)
        : sandbox.twoPlusTwo,
    fxRates:
      settings.fxRates.kind === 'exchangerate-api'
        ? exchangeRateApiRates(settings.fxRates, ctx.clock, logger)
        : sandbox.fxRates,
    referenceRates:
      settings.referenceRates.kind === 'ecb'
        ? ecbReferenceRates(settings.referenceRates, ctx.clock, logger)
        : sandbox.referenceRates,
    messaging: byChannel(email, sms),
    captcha: settings.captcha.kind === 'recaptcha' ? recaptchaCaptcha(settings.captcha) : sandbox.captcha,
    addressBook:
      settings.addressBook.kind === 'ideal-postcodes'
        ? idealPostcodesAddressBook(settings.addressBook, logger)
        : settings.addressBook.kind === 'off'
          ? noAddressBook()
          : sandbox.addressBook,
    payoutPartner:
      settings.payoutPartner.kind === 'adyen'
        ? adyenPayoutPartner(settings.payoutPartner, ctx.db, ctx.clock)
        : sandbox.payoutPartner,
    payoutCards: settings.payoutCards.kind === 'off' ? null : sandbox.payoutCards,
    push: settings.push.kind === 'webpush' && vapid ? webPushSender(vapid) : sandbox.push,
    accountLookup: settings.accountLookup.kind === 'off' ? null : sandbox.accountLookup,
    bankId: settings.bankId.kind === 'oidc' ? oidcBankId(settings.bankId, ctx.db, ctx.clock, logger) : sandbox.bankId,
    cardGateway:
      settings.cardGateway.kind === 'adyen'
        ? adyenCardGateway(settings.cardGateway, publicOrigin, adyenCheckout(settings.cardGateway))
        : sandbox.cardGateway,
    bankLink:
      settings.bankLink.kind === 'adyen'
        ? adyenBankLink(settings.bankLink, publicOrigin, adyenCheckout(settings.bankLink), ctx.db, ctx.clock)
        : sandbox.bankLink,
  };
}
