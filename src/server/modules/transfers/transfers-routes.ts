import { type Context, Hono } from 'hono';
import { validate } from 'superstruct';
import {
  CreateTransferRequest,
  PaymentStatusQuery,
  PayRequest,
  SetPaymentTypeRequest,
  TransferListQuery,
  TransferReference,
} from '../../../domain/contract/transfers.ts';
import { notFound } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { idempotencyKey } from '../../http/idempotency-key.ts';
import { requireSession } from '../../http/require-session.ts';
import { jsonBody, queryParams } from '../../http/validate.ts';
import { paymentStatus, payTransfer } from './payment-service.ts';
import { createTransfer, getTransfer, listTransfers, setPaymentType } from './transfer-service.ts';

const DEFAULT_LIST_LIMIT = 50;

/** Transfers (SPEC §7): create, choose how to pay, pay by card, follow the payment, list and read. */
export function transfersRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/remit/transaction/create', requireSession(), jsonBody(CreateTransferRequest), async (c) => {
    const key = idempotencyKey(c);
    const { transfer, created } = await createTransfer(c.var.deps, c.var.session.customerId, c.req.valid('json'), key);
    return c.json({ data: transfer }, created ? 201 : 200);
  });

  app.post('/remit/transaction/set-payment-type', requireSession(), jsonBody(SetPaymentTypeRequest), async (c) =>
    c.json({ data: await setPaymentType(c.var.deps, c.var.session.customerId, c.req.valid('json')) }),
  );

  app.post('/remit/transaction/pay', requireSession(), jsonBody(PayRequest), async (c) => {
    const key = idempotencyKey(c);
    return c.json({ data: await payTransfer(c.var.deps, c.var.session.customerId, c.req.valid('json'), key) });
  });

  app.get('/remit/transaction/payment-status', requireSession(), queryParams(PaymentStatusQuery), async (c) =>
    c.json({ data: await paymentStatus(c.var.deps, c.var.session.customerId, c.req.valid('query').trans_ref) }),
  );

  const list = async (c: Context<AppEnv>, limit: number | undefined) =>
    c.json({ data: await listTransfers(c.var.deps, c.var.session.customerId, limit ?? DEFAULT_LIST_LIMIT) });
  app.get('/remit/transaction/list', requireSession(), queryParams(TransferListQuery), (c) =>
    list(c, c.req.valid('query').limit),
  );
  app.get('/api/v2/recent-transactions', requireSession(), queryParams(TransferListQuery), (c) =>
    list(c, c.req.valid('query').limit),
  );

  // after the fixed paths above, which this pattern would also match
  app.get('/remit/transaction/:trans_ref', requireSession(), async (c) => {
    const [malformed, ref] = validate(c.req.param('trans_ref'), TransferReference, { coerce: true });
    if (malformed) throw notFound('Transfer');
    return c.json({ data: await getTransfer(c.var.deps, c.var.session.customerId, ref) });
  });

  return app;
}
