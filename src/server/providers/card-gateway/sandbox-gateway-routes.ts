import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { enums, object } from 'superstruct';
import { CardTokenRequest } from '../../../domain/contract/card-gateway.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { readForm } from '../../http/form-body.ts';
import { check, jsonBody } from '../../http/validate.ts';
import { PAYIN_PURPOSES } from '../../modules/payin-purposes.ts';
import { receivePaymentWebhook } from '../../payins/payin-webhooks.ts';
import { cardTokenAnswer } from './card-token-answer.ts';
import { challengeResultUrl } from './return-url.ts';
import { sandboxCardGateway } from './sandbox-card-gateway.ts';
import {
  CHALLENGE_STYLESHEET,
  challengePage,
  endedChallengePage,
  unknownChallengePage,
} from './sandbox-challenge-page.ts';

const BODY_LIMIT = 16 * 1024;

const ChallengeAnswer = object({ outcome: enums(['success', 'failure']) });

const gatewayOf = (c: Context<AppEnv>) =>
  sandboxCardGateway(c.var.deps.db, c.var.deps.clock, { webhookKeys: c.var.deps.config.paymentWebhookKeys.keys });

/**
 * The sandbox gateway tells Sarraf it decided a payment, as a real gateway's
 * webhook does; being on this machine, it hands the signed notification to
 * the receiver of `/api/hooks/payments/sandbox` directly instead of over
 * HTTP. A delivery that fails is logged, as a real gateway would retry it;
 * the pay-in reconciler settles the payment meanwhile. `SANDBOX_GATEWAY_WEBHOOKS=off`
 * sends none, as when a real gateway's notification is lost.
 */
async function notifyMerchant(c: Context<AppEnv>, notification: { body: string; signature: string }): Promise<void> {
  const { deps } = c.var;
  if (!deps.config.sandboxGatewayWebhooks) return;
  try {
    await receivePaymentWebhook(deps, PAYIN_PURPOSES, notification.body, notification.signature);
  } catch (error) {
    deps.logger.error({ err: error }, 'the sandbox card gateway could not deliver its payment notification');
  }
}

/**
 * The sandbox card gateway's own endpoints, as its test mode would serve
 * them from its own domain: tokenization (the browser sends the card here,
 * never to our API) and the 3-D Secure challenge pages.
 */
export function sandboxGatewayRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new ApiError('PayloadTooLarge', 'The request body is too large');
      },
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.post('/tokens', jsonBody(CardTokenRequest), async (c) => {
    const issued = await gatewayOf(c).tokenize(c.req.valid('json'));
    return c.json({ data: cardTokenAnswer(issued) }, 201);
  });

  app.get('/3ds/:paymentId', async (c) => {
    const challenge = await gatewayOf(c).challenge(c.req.param('paymentId'));
    if (!challenge) return c.html(unknownChallengePage(), 404);
    const { payment, returnUrl } = challenge;
    return c.html(
      payment.status === 'WAITING'
        ? challengePage(payment, `${c.req.path}/complete`)
        : endedChallengePage(payment, challengeResultUrl(returnUrl, payment)),
    );
  });

  app.post('/3ds/:paymentId/complete', async (c) => {
    const { outcome } = check(ChallengeAnswer, await readForm(c.req));
    const gateway = gatewayOf(c);
    const ended = await gateway.completeChallenge(c.req.param('paymentId'), outcome);
    if (!ended) throw notFound('Payment');
    await notifyMerchant(c, gateway.notification(ended.payment.paymentId, c.var.deps.clock.now()));
    return c.redirect(challengeResultUrl(ended.returnUrl, ended.payment), 303);
  });

  app.get('/assets/challenge.css', (c) =>
    c.body(CHALLENGE_STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );
  return app;
}
