import { type Context, Hono } from 'hono';
import { enums, object, optional } from 'superstruct';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { readForm } from '../../http/form-body.ts';
import { check } from '../../http/validate.ts';
import { CHALLENGE_STYLESHEET } from '../card-gateway/sandbox-challenge-page.ts';
import { bankLinkReturnPath } from './bank-link-provider.ts';
import { SANDBOX_BANK_LINK_PATH, SANDBOX_BANKS, sandboxBankLink } from './sandbox-bank-link.ts';
import { bankPickerPage, unknownPaymentPage } from './sandbox-bank-link-page.ts';

const Decision = object({
  action: enums(['approve', 'cancel']),
  bank: optional(enums(SANDBOX_BANKS.map((bank) => bank.id))),
});

const providerOf = (c: Context<AppEnv>) => sandboxBankLink(c.var.deps.db, c.var.deps.clock);

/**
 * The sandbox bank-link provider's own pages, as it would serve them from its
 * domain: the bank picker, which sends the browser back to the app.
 */
export function sandboxBankLinkRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // one look for every sandbox provider page
  app.get('/:paymentId/assets/page.css', (c) =>
    c.body(CHALLENGE_STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );
  app.get('/:paymentId/', async (c) => {
    const payment = await providerOf(c).payment(c.req.param('paymentId'));
    if (payment?.status !== 'pending') return c.html(unknownPaymentPage(), 404);
    return c.html(bankPickerPage(payment, 'decide'));
  });
  app.post('/:paymentId/decide', async (c) => {
    const decision = check(Decision, await readForm(c.req));
    const choice = decision.action === 'cancel' ? 'cancel' : decision.bank;
    if (choice === undefined) return c.redirect(`${SANDBOX_BANK_LINK_PATH}/${c.req.param('paymentId')}/`, 303);
    const decided = await providerOf(c).decide(c.req.param('paymentId'), choice);
    if (!decided) throw notFound('Bank-link payment');
    return c.redirect(bankLinkReturnPath(decided.return_url, decided.id), 303);
  });
  return app;
}
