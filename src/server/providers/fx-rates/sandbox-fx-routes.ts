import { Hono } from 'hono';
import { object, refine, string } from 'superstruct';
import { WalletCurrencyCode } from '../../../domain/contract/wallets.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { enqueueRateAlertCheckNow } from '../../modules/wallets/rate-alert-check.ts';
import { forgetSandboxOverrides } from './sandbox-fx-rates.ts';

const RateOverride = object({
  from_currency: WalletCurrencyCode,
  to_currency: WalletCurrencyCode,
  rate: refine(
    string(),
    'rate',
    (value) => (/^\d{1,9}(\.\d{1,8})?$/.test(value) && /[1-9]/.test(value)) || 'The rate must be above 0, such as 1.25',
  ),
});

/**
 * The sandbox feed's rate control: POST /sandbox/fx-rates sets the mid rate
 * of one pair (quotes, conversions and rate alerts see it) and has the rate
 * alerts checked at once. Mounted only in sandbox mode.
 */
export function sandboxFxRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', jsonBody(RateOverride), async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sandbox_fx_overrides')
        .values(body)
        .onConflict((oc) => oc.columns(['from_currency', 'to_currency']).doUpdateSet({ rate: body.rate }))
        .execute();
      await enqueueRateAlertCheckNow(trx, c.var.deps);
    });
    forgetSandboxOverrides(db);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: body }, 201);
  });
  return app;
}
