import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.ts';
import { CALLBACK_SIGNATURE_HEADER } from '../../providers/callback-signature.ts';
import { TWILIO_STATUS_PATH } from '../../providers/messaging/twilio-messaging.ts';
import { receiveTwilioStatus, TWILIO_SIGNATURE_HEADER } from '../../providers/messaging/twilio-status-callback.ts';
import { receiveCaptureCallback } from './identity-capture.ts';

/** Where the identity-capture provider posts its callbacks, under `/api/hooks`. */
export const CAPTURE_CALLBACK_PATH = '/identity-capture';

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
