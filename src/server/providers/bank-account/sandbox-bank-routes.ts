import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { enums, object, optional, refine, string } from 'superstruct';
import { parseMinor } from '../../../domain/money.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { jsonBody } from '../../http/validate.ts';
import { receiveBankCredit } from '../../modules/transfers/bank-credits.ts';
import { COLLECTION_CURRENCIES } from '../../modules/transfers/collection-accounts.ts';

/** A credit to our account at the sandbox bank, as its "funds arrived" control takes it. */
const IncomingCredit = object({
  /** the bank's id of the credit; a new one when left out (the same id again is booked once) */
  id: optional(refine(string(), 'id', (value) => /^[\w-]{1,64}$/.test(value) || 'The id field is invalid')),
  reference: refine(
    string(),
    'reference',
    (value) => (value.trim().length >= 1 && value.length <= 140) || 'Enter the reference',
  ),
  amount: refine(
    string(),
    'amount',
    (value) =>
      (/^\d{1,12}(\.\d{1,2})?$/.test(value) && /[1-9]/.test(value)) || 'The amount must be above 0, such as 104.50',
  ),
  currency: enums(COLLECTION_CURRENCIES),
});

/**
 * The sandbox bank's control for money arriving in our account, as its
 * statement feed would report it: POST /sandbox/bank/credits books it at
 * once (a transfer paid by bank transfer, or the payer's wallet). Mounted
 * only in sandbox mode.
 */
export function sandboxBankRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/credits', jsonBody(IncomingCredit), async (c) => {
    const body = c.req.valid('json');
    const amount = parseMinor(body.amount, body.currency);
    const booked = await receiveBankCredit(c.var.deps, {
      id: body.id ?? `bcr_${randomBytes(12).toString('base64url')}`,
      reference: body.reference,
      amount,
      currency: body.currency,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { id: booked.id, booked_to: booked.booked_to, reference: booked.reference } }, 201);
  });
  return app;
}
