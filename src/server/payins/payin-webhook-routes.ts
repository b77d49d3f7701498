import { Hono } from 'hono';
import { notFound } from '../http/api-error.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { PayinPurposes } from './payin-purposes.ts';
import { receivePaymentWebhook } from './payin-webhooks.ts';

/** Where the card gateway posts its payment notifications, under `/api/hooks`: `/payments/<gateway name>`. */
const PAYMENT_WEBHOOK_PATH = '/payments/:provider';

/** The card gateway's webhooks: not a customer's call, trusted only by the signature over the raw body. */
export function paymentWebhookRoutes(purposes: PayinPurposes): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(PAYMENT_WEBHOOK_PATH, async (c) => {
    const { deps } = c.var;
    const gateway = deps.providers.cardGateway;
    if (c.req.param('provider') !== gateway.name) throw notFound('Payment provider');
    const body = await c.req.text();
    const answer = await receivePaymentWebhook(deps, purposes, body, c.req.header(gateway.webhookSignatureHeader));
    return c.json({ data: answer });
  });
  return app;
}
