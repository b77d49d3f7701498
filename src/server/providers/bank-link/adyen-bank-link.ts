import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connection.ts';
import type { AdyenBankLinkPaymentsTable } from '../../db/tables/bank-link.ts';
import { type AdyenCheckout, adyenAmount } from '../card-gateway/adyen/adyen-checkout.ts';
import { isSuccess, signedNotificationItems } from '../card-gateway/adyen/adyen-webhook.ts';
import { CardGatewayRequestRefused } from '../card-gateway/card-gateway.ts';
import { isSameOriginPath } from '../card-gateway/return-url.ts';
import type { AdyenSettings } from '../provider-settings.ts';
import { type BankLinkProvider, type BankLinkStatus, bankLinkReturnPath } from './bank-link-provider.ts';

/** Where Adyen sends the browser back from the bank, under `/api/hooks` (`payin-webhook-routes.ts`). */
const ADYEN_BANK_LINK_RETURN_PATH = '/api/hooks/bank-link/adyen/return';

type Json = Record<string, unknown>;

/**
 * Adyen's open-banking payment method for each currency we take a bank
 * payment in, as Adyen documents them: Pay by Bank (`paybybank`, through its
 * partner Tink) in pounds in the United Kingdom and in euros in Germany and
 * France; Trustly (`trustly`) in the Nordic currencies. The country is sent
 * where the currency names one.
 */
const METHODS: Readonly<Record<string, { type: 'paybybank' | 'trustly'; countryCode?: string }>> = {
  GBP: { type: 'paybybank', countryCode: 'GB' },
  EUR: { type: 'paybybank' },
  SEK: { type: 'trustly', countryCode: 'SE' },
  NOK: { type: 'trustly', countryCode: 'NO' },
  DKK: { type: 'trustly', countryCode: 'DK' },
};

/** The currencies Adyen's bank link takes (the browser offers "pay from your bank" in these only). */
export const ADYEN_BANK_LINK_CURRENCIES: readonly string[] = Object.keys(METHODS);

type Recorded = Pick<AdyenBankLinkPaymentsTable, 'status' | 'reason'>;

/** Adyen's refusal reasons (a result's `refusalReason`, a webhook's `reason`) that mean the shopper cancelled. */
const CANCELLED = new Set(['Cancelled', 'Shopper Cancelled']);
/** …and that mean the account could not pay (codes 12, 28 and 29 in Adyen's refusal reasons). */
const NO_FUNDS = new Set(['Not enough balance', 'Withdrawal amount exceeded', 'Withdrawal count exceeded']);

function refusal(reason: string | undefined): Recorded {
  if (reason !== undefined && CANCELLED.has(reason)) return { status: 'cancelled', reason: null };
  return {
    status: 'failed',
    reason: reason !== undefined && NO_FUNDS.has(reason) ? 'insufficient_funds' : 'bank_error',
  };
}

/**
 * A payment's answer (`/payments`, `/payments/details`) as a bank payment:
 * Authorised means the bank made the payment; Received, Pending and a shopper
 * still to redirect wait (for the shopper or the AUTHORISATION webhook);
 * Cancelled is the shopper's; Refused and Error failed.
 */
function recordedOf(answer: Json): Recorded {
  switch (answer.resultCode) {
    case 'Authorised':
      return { status: 'settled', reason: null };
    case 'Received':
    case 'Pending':
    case 'RedirectShopper':
      return { status: 'pending', reason: null };
    case 'Cancelled':
      return { status: 'cancelled', reason: null };
    default:
      return refusal(typeof answer.refusalReason === 'string' ? answer.refusalReason : undefined);
  }
}

function pspReferenceOf(answer: Json): string {
  if (typeof answer.pspReference !== 'string' || answer.pspReference === '') {
    throw new Error('Adyen answered a bank payment without its pspReference');
  }
  return answer.pspReference;
}

/** The browser's address in a redirect action Adyen answered (Pay by Bank and Trustly redirect with GET). */
function redirectOf(answer: Json): string | undefined {
  const action = answer.action as Json | undefined;
  return action?.type === 'redirect' && action.method === 'GET' && typeof action.url === 'string'
    ? action.url
    : undefined;
}

const statusOf = (row: Recorded): BankLinkStatus =>
  row.status === 'failed' ? { status: 'failed', reason: row.reason ?? 'bank_error' } : { status: row.status };

/**
 * The bank link on Adyen's Checkout API v71, with the card gateway's
 * client, settings and webhook: `/payments` with the currency's open-banking
 * method under our idempotency key sends the shopper to their bank through
 * Adyen's redirect; Adyen returns the browser to our server, which asks
 * `/payments/details` what became of it. Adyen has no look-up of a payment,
 * so what it said (that answer, or its signed AUTHORISATION webhook, whichever
 * comes first) is kept in `adyen_bank_link_payments` and `status` reads it.
 */
export function adyenBankLink(
  settings: AdyenSettings,
  publicOrigin: string,
  checkout: AdyenCheckout,
  db: Db,
  clock: Clock,
): BankLinkProvider {
  const merchantAccount = settings.merchantAccount;

  /** Our server's return address for a payment: Adyen adds `redirectResult` to it. */
  function returnUrlFor(idempotencyKey: string, returnUrl: string): string {
    const url = new URL(ADYEN_BANK_LINK_RETURN_PATH, publicOrigin);
    url.searchParams.set('key', idempotencyKey);
    url.searchParams.set('to', returnUrl);
    return url.toString();
  }

  /** Record the first outcome Adyen gives a payment still pending; true when the payment is ours. */
  async function decide(pspReference: string, outcome: Recorded): Promise<boolean> {
    if (outcome.status !== 'pending') {
      await db
        .updateTable('adyen_bank_link_payments')
        .set({ ...outcome, updated_at: clock.now() })
        .where('psp_reference', '=', pspReference)
        .where('status', '=', 'pending')
        .execute();
    }
    const row = await db
      .selectFrom('adyen_bank_link_payments')
      .select('psp_reference')
      .where('psp_reference', '=', pspReference)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    name: 'adyen',

    takes: (currency) => Object.hasOwn(METHODS, currency),

    async initiate(initiation) {
      if (initiation.amount <= 0n) throw new CardGatewayRequestRefused('amount must be positive');
      if (!isSameOriginPath(initiation.returnUrl)) {
        throw new CardGatewayRequestRefused('returnUrl must be a path on the merchant origin');
      }
      const method = METHODS[initiation.currency];
      // the pay-in's module asked `takes` before starting it
      if (!method) throw new CardGatewayRequestRefused(`no bank payment method in ${initiation.currency}`);
      const answer = await checkout.post('/payments', initiation.idempotencyKey, {
        merchantAccount,
        reference: initiation.reference,
        amount: adyenAmount(initiation.amount, initiation.currency),
        paymentMethod: { type: method.type },
        ...(method.countryCode ? { countryCode: method.countryCode } : {}),
        returnUrl: returnUrlFor(initiation.idempotencyKey, initiation.returnUrl),
        channel: 'Web',
      });
      const paymentId = pspReferenceOf(answer);
      const recorded = recordedOf(answer);
      const redirectUrl = redirectOf(answer);
      if (answer.resultCode === 'RedirectShopper' && !redirectUrl) {
        throw new Error('Adyen asked to redirect the shopper without a GET redirect to follow');
      }
      const now = clock.now();
      await db
        .insertInto('adyen_bank_link_payments')
        .values({
          psp_reference: paymentId,
          idempotency_key: initiation.idempotencyKey,
          ...recorded,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('psp_reference').doNothing())
        .execute();
      // a payment Adyen ended at once (refused, an error) sends the browser straight back to see it
      return { paymentId, redirectUrl: redirectUrl ?? bankLinkReturnPath(initiation.returnUrl, paymentId) };
    },

    async status(paymentId) {
      const row = await db
        .selectFrom('adyen_bank_link_payments')
        .select(['status', 'reason'])
        .where('psp_reference', '=', paymentId)
        .executeTakeFirst();
      return row ? statusOf(row) : { status: 'failed', reason: 'bank_error' };
    },

    async finishReturn(query) {
      const { redirectResult, key, to } = query;
      if (!redirectResult || !key || !to || !isSameOriginPath(to)) return undefined;
      const answer = await checkout.post('/payments/details', `${key}:details`, { details: { redirectResult } });
      const paymentId = pspReferenceOf(answer);
      if (!(await decide(paymentId, recordedOf(answer)))) return undefined;
      return { paymentId, returnPath: bankLinkReturnPath(to, paymentId) };
    },

    async receiveWebhook(body) {
      const items = signedNotificationItems(body, settings.hmacKeys, merchantAccount);
      if (!items) return undefined;
      const ours: string[] = [];
      for (const item of items) {
        // the same deliveries carry the card gateway's payments and every other event: ours are the AUTHORISATIONs we keep
        if (item.eventCode !== 'AUTHORISATION') continue;
        const outcome: Recorded = isSuccess(item) ? { status: 'settled', reason: null } : refusal(item.reason);
        if (await decide(item.pspReference, outcome)) ours.push(item.pspReference);
      }
      return ours;
    },
  };
}
