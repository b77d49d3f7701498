import { Hono } from 'hono';
import { notFound } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readForm } from '../http/form-body.ts';
import type { PayinPurposes } from './payin-purposes.ts';
import { receivePaymentWebhook, receiveRedirectReturn } from './payin-webhooks.ts';

/** Where the card gateway posts its payment notifications, under `/api/hooks`: `/payments/<gateway name>`. */
const PAYMENT_WEBHOOK_PATH = '/payments/:provider';
/** Where the gateway returns the browser after 3-D Secure, when it returns through our server (Adyen). */
const PAYMENT_RETURN_PATH = '/payments/:provider/return';

/** The card gateway's webhooks: not a customer's call, trusted only by the signature over the raw body. */
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
    const form = c.req.method === 'POST' ? await readForm(c.req) : {};
    const query: Record<string, string> = { ...c.req.query() };
    for (const [name, value] of Object.entries(form)) if (typeof value === 'string') query[name] = value;
    return c.redirect(await receiveRedirectReturn(deps, purposes, query), 303);
  });
  return app;
}
