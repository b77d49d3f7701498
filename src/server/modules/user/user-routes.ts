import { Hono } from 'hono';
import { LoginRequest, UserGetRequest } from '../../../domain/contract/user.ts';
import { USA_STATES } from '../../../domain/countries.ts';
import { revokeSession } from '../../auth/sessions.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSession } from '../../http/require-session.ts';
import { jsonBody } from '../../http/validate.ts';
import { usaStateView } from '../locator/locator-views.ts';
import { detectCountry } from './detect-country.ts';
import { login } from './login-service.ts';
import { getUserData } from './user-service.ts';

/** `/user/*` of the main API (contract: src/domain/contract/user.ts). */
export function userRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/login', jsonBody(LoginRequest), async (c) =>
    c.json({ data: await login(c.var.deps, c.req.valid('json')) }),
  );

  app.post('/logout', requireSession(), async (c) => {
    await revokeSession(c.var.deps.db, c.var.deps.clock, c.var.session.tokenHash);
    return c.json({ data: { logged_out: true } });
  });

  app.post('/get', requireSession(), jsonBody(UserGetRequest), async (c) =>
    c.json({ data: await getUserData(c.var.deps, c.var.session.customerId, c.req.valid('json').customer_id) }),
  );

  app.get('/detect-country', (c) =>
    c.json({
      data: detectCountry({
        edgeCountry: c.req.header('cf-ipcountry'),
        edgeRegion: c.req.header('cf-region-code'),
        acceptLanguage: c.req.header('accept-language'),
      }),
    }),
  );

  app.get('/usa-states', (c) => c.json({ data: USA_STATES.map(usaStateView) }));

  return app;
}
