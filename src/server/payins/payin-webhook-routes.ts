import { type Context, Hono } from 'hono';
import { notFound } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readForm } from '../http/form-body.ts';
import type { PayinPurposes } from './payin-purposes.ts';
import {
  receiveBankLinkReturn,
  receiveBankLinkWebhook,
  receivePaymentWebhook,
  receiveRedirectReturn,
} from './payin-webhooks.ts';

/** Where the card gateway posts its payment notifications, under `/api/hooks`: `/payments/<gateway name>`. */
const PAYMENT_WEBHOOK_PATH = '/payments/:provider';
/** Where the gateway returns the browser after 3-D Secure, when it returns through our server (Adyen). */
const PAYMENT_RETURN_PATH = '/payments/:provider/return';
/** Where the bank-link provider posts its webhooks and returns the browser, when it does either (Adyen). */
const BANK_LINK_WEBHOOK_PATH = '/bank-link/:provider';
const BANK_LINK_RETURN_PATH = '/bank-link/:provider/return';

/** The query of a return, with the fields of a return posted as a form. */
async function returnQuery(c: Context<AppEnv>): Promise<Record<string, string>> {
  const form = c.req.method === 'POST' ? await readForm(c.req) : {};
  const query: Record<string, string> = { ...c.req.query() };
  for (const [name, value] of Object.entries(form)) if (typeof value === 'string') query[name] = value;
  return query;
}

/**
 * The card gateway's and the bank-link provider's webhooks and returns: not a
 * customer's call, a webhook trusted only by the signature over the raw body.
 */
export function paymentWebhookRoutes(purposes: PayinPurposes): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    const { deps } = c.var;
    const gateway = deps.providers.cardGateway;
    if (c.req.param('provider') !== gateway.name) throw notFound('Payment provider');
    const body = await c.req.text();
    const header = gateway.webhookSignatureHeader;
    const answer = await receivePaymentWebhook(deps, purposes, body, header ? c.req.header(header) : undefined);
    if (gateway.webhookAcknowledgement) return c.text(gateway.webhookAcknowledgement);
    return c.json({ data: answer });
  });
  // the browser back from the gateway's 3-D Secure redirect (GET, or POST with a form for some issuers)
  app.on(['GET', 'POST'], PAYMENT_RETURN_PATH, async (c) => {
    const { deps } = c.var;
    if (c.req.param('provider') !== deps.providers.cardGateway.name) throw notFound('Payment provider');
    return c.redirect(await receiveRedirectReturn(deps, purposes, await returnQuery(c)), 303);
  });
  // the bank-link provider's webhooks: Adyen's standard webhook, acknowledged as Adyen expects
  app.post(BANK_LINK_WEBHOOK_PATH, async (c) => {
    const { deps } = c.var;
    const bankLink = deps.providers.bankLink;
    if (c.req.param('provider') !== bankLink.name || !bankLink.receiveWebhook) throw notFound('Bank-link provider');
    await receiveBankLinkWebhook(deps, purposes, await c.req.text());
    return c.text('[accepted]');
  });
  // the browser back from the bank, when the provider returns it through our server
  app.on(['GET', 'POST'], BANK_LINK_RETURN_PATH, async (c) => {
    const { deps } = c.var;
    const bankLink = deps.providers.bankLink;
    if (c.req.param('provider') !== bankLink.name || !bankLink.finishReturn) throw notFound('Bank-link provider');
    return c.redirect(await receiveBankLinkReturn(deps, purposes, await returnQuery(c)), 303);
  });
  return app;
}
