import { Hono } from 'hono';
import { EmailCheckRequest, EmailSendRequest } from '../../../domain/contract/oauth.ts';
import { jsonBody } from '../../http/validate.ts';
import { checkEmailCode, resendEmailCode, startEmailRegistration } from './email-registration-service.ts';
import { type OAuthEnv, registrationBearer } from './registration-bearer.ts';

/** The OAuth-style API (contract: src/domain/contract/oauth.ts). */
export function oauthRoutes(): Hono<OAuthEnv> {
  const app = new Hono<OAuthEnv>();

  app.post('/email/send', jsonBody(EmailSendRequest), async (c) =>
    c.json({ data: await startEmailRegistration(c.var.deps, c.req.valid('json')) }, 201),
  );

  app.post('/email/reset', registrationBearer(), async (c) =>
    c.json({ data: await resendEmailCode(c.var.deps, c.var.registrationToken) }),
  );

  app.post('/email/check', registrationBearer(), jsonBody(EmailCheckRequest), async (c) =>
    c.json({ data: await checkEmailCode(c.var.deps, c.var.registrationToken, c.req.valid('json')) }),
  );

  return app;
}
