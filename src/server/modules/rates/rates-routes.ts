import { Hono } from 'hono';
import { FxRatesQuery } from '../../../domain/contract/rates.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSession } from '../../http/require-session.ts';
import { queryParams } from '../../http/validate.ts';
import { listFxRates } from './rates-service.ts';

/** Rates (SPEC §7): the corridors, limits, rates and fees a sender can choose from. */
export function ratesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/api/v2/fx-rates', requireSession(), queryParams(FxRatesQuery), async (c) =>
    c.json({ data: await listFxRates(c.var.deps, c.req.valid('query')) }),
  );
  return app;
}
