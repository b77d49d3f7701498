import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PayoutCardTokenRequest } from '../../../domain/contract/payout-cards.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { cardTokenAnswer } from '../card-gateway/card-token-answer.ts';
import { sandboxPayoutCardGateway } from './sandbox-payout-card-gateway.ts';

const BODY_LIMIT = 16 * 1024;

/**
 * The sandbox card payout gateway's own endpoint, as its test mode would
 * serve it from its own domain: the browser tokenizes the recipient's card
 * here, never at our API.
 */
export function sandboxPayoutCardRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(
    '/tokens',
    bodyLimit({
      maxSize: BODY_LIMIT,
      onError: () => {
        throw new ApiError('PayloadTooLarge', 'The request body is too large');
      },
    }),
    jsonBody(PayoutCardTokenRequest),
    async (c) => {
      const issued = await sandboxPayoutCardGateway(c.var.deps.db, c.var.deps.clock).tokenize(c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: cardTokenAnswer(issued) }, 201);
    },
  );
  return app;
}
