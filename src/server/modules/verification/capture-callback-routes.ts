import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { CALLBACK_SIGNATURE_HEADER } from '../../providers/callback-signature.ts';
import { TWILIO_STATUS_PATH } from '../../providers/messaging/twilio-messaging.ts';
import { receiveTwilioStatus, TWILIO_SIGNATURE_HEADER } from '../../providers/messaging/twilio-status-callback.ts';
import { ONFIDO_SIGNATURE_HEADER } from '../../providers/onfido/onfido-webhook.ts';
import { ONFIDO_WEBHOOK_PATH } from '../../providers/provider-settings.ts';
import { receiveCaptureCallback } from './identity-capture.ts';
import { receiveOnfidoWebhook } from './onfido-webhooks.ts';

/** Where the identity-capture provider posts its callbacks, under `/api/hooks`. */
export const CAPTURE_CALLBACK_PATH = '/identity-capture';

/** Onfido's webhook, under `/api/hooks` (PUBLIC_ORIGIN + `ONFIDO_WEBHOOK_PATH` is registered at Onfido). */
const ONFIDO_HOOK_PATH = ONFIDO_WEBHOOK_PATH.replace(/^\/api\/hooks/, '');

/**
 * The providers' callbacks to us: not a customer's call, so outside the
 * endpoint tables; each is trusted only by its signature, over its raw body.
 */
export function providerCallbackRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(CAPTURE_CALLBACK_PATH, async (c) => {
    const body = await c.req.text();
    const answer = await receiveCaptureCallback(c.var.deps, body, c.req.header(CALLBACK_SIGNATURE_HEADER));
    return c.json({ data: answer });
  });
  app.post(ONFIDO_HOOK_PATH, async (c) => {
    const answer = await receiveOnfidoWebhook(c.var.deps, await c.req.text(), c.req.header(ONFIDO_SIGNATURE_HEADER));
    if (!answer) return c.notFound();
    return c.json({ data: answer });
  });
  app.post(TWILIO_STATUS_PATH, async (c) => {
    const url = new URL(c.req.url);
    const outcome = await receiveTwilioStatus(c.var.deps, {
      pathAndQuery: `${url.pathname}${url.search}`,
      form: new URLSearchParams(await c.req.text()),
      signature: c.req.header(TWILIO_SIGNATURE_HEADER),
    });
    if (outcome === 'not-configured') return c.notFound();
    return c.body(null, outcome === 'recorded' ? 204 : 403);
  });
  return app;
}
