import { Hono } from 'hono';
import { GetChargesRequest, SaveQuoteRequest } from '../../../domain/contract/quotes.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { requireSession } from '../../http/require-session.ts';
import { jsonBody } from '../../http/validate.ts';
import { getCharges, getQuote, saveQuote } from './quote-service.ts';

/** Quotes (SPEC §7): a priced transfer whose rate holds until it expires. */
export function quotesRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/remit/remittance/save-quote', requireSession(), jsonBody(SaveQuoteRequest), async (c) =>
    c.json({ data: await saveQuote(c.var.deps, c.var.session, c.req.valid('json')) }, 201),
  );
  app.get('/remit/remittance/quotes/:quoteId', requireSession(), async (c) =>
    c.json({ data: await getQuote(c.var.deps, c.var.session.customerId, c.req.param('quoteId')) }),
  );
  app.post('/remit/transaction/get-charges', requireSession(), jsonBody(GetChargesRequest), async (c) =>
    c.json({ data: await getCharges(c.var.deps, c.var.session.customerId, c.req.valid('json').quote_id) }),
  );
  return app;
}
