import { type Context, Hono } from 'hono';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { CHALLENGE_STYLESHEET } from '../card-gateway/sandbox-challenge-page.ts';
import { sandboxBankId } from './sandbox-bank-id.ts';
import { identifyPage, unknownOrderPage } from './sandbox-bank-id-page.ts';

const providerOf = (c: Context<AppEnv>) => sandboxBankId(c.var.deps.db, c.var.deps.clock);

/** `path` with `params` added to its query (a same-origin path the order was started with). */
function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'https://sarraf.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

/**
 * The sandbox bank ID's own pages, as the provider would serve them from its
 * domain: the identification, which sends the browser back to the app's
 * success or failure path.
 */
export function sandboxBankIdRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // the page's stylesheet is the sandbox bank's (one look for every sandbox provider page)
  app.get('/:orderRef/assets/page.css', (c) =>
    c.body(CHALLENGE_STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );
  app.get('/:orderRef/', async (c) => {
    const order = await providerOf(c).order(c.req.param('orderRef'));
    if (order?.status !== 'pending') return c.html(unknownOrderPage(), 404);
    return c.html(identifyPage(order, 'confirm'));
  });
  app.post('/:orderRef/confirm', async (c) => {
    const order = await providerOf(c).confirm(c.req.param('orderRef'));
    if (!order) throw notFound('Bank-ID order');
    const back =
      order.status === 'complete'
        ? withQuery(order.success_url, { order_ref: order.order_ref })
        : withQuery(order.failure_url, { order_ref: order.order_ref, reason: order.status });
    return c.redirect(back, 303);
  });
  return app;
}
