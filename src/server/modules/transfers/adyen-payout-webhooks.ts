import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { signedWebhookBody } from '../../http/validate.ts';
import { recordAdyenTransfer } from '../../providers/payout-partner/adyen/adyen-payout-partner.ts';
import {
  ADYEN_TRANSFER_SIGNATURE_HEADER,
  AdyenTransferNotification,
  adyenTransferSignatureHolds,
  ourPayoutTransfer,
} from '../../providers/payout-partner/adyen/adyen-transfer-webhook.ts';
import { ADYEN_TRANSFER_WEBHOOK_PATH } from '../../providers/provider-settings.ts';
import { reconcilePayout } from './payout-jobs.ts';

/** What Adyen expects back from a webhook it may consider delivered. */
const ACCEPTED = { notificationResponse: '[accepted]' };

/**
 * Adyen's transfer webhooks (`POST /api/hooks/payouts/adyen`) with
 * `PAYOUT_PARTNER=adyen`. A bad or missing `HmacSignature` is refused (401)
 * and changes nothing. A webhook about one of our payouts is recorded (the
 * newest sequence number wins), then its transfer is reconciled at once, so
 * the customer sees it paid or rejected without waiting for the next check.
 * Anything else on the platform is accepted and ignored. Undefined when
 * Adyen is not the payout partner.
 */
export async function receiveAdyenTransferWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<typeof ACCEPTED | undefined> {
  const settings = deps.config.providers.payoutPartner;
  if (settings.kind !== 'adyen') return undefined;
  const transfer = ourPayoutTransfer(
    signedWebhookBody(
      adyenTransferSignatureHolds(settings.hmacKeys, rawBody, signature),
      rawBody,
      AdyenTransferNotification,
    ),
    settings.balanceAccountId,
  );
  if (!transfer) return ACCEPTED;
  await recordAdyenTransfer(deps.db, deps.clock, transfer);
  const ours = await deps.db
    .selectFrom('transfers')
    .selectAll()
    .where('partner_reference', '=', transfer.id)
    .executeTakeFirst();
  if (ours) await reconcilePayout(deps, ours);
  else deps.logger.warn({ adyenTransferId: transfer.id }, 'Adyen transfer webhook for a payout we do not hold');
  return ACCEPTED;
}

/** The payout partner's webhooks, under `/api/hooks`: trusted only by the signature over the raw body. */
export function payoutWebhookRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(ADYEN_TRANSFER_WEBHOOK_PATH.replace(/^\/api\/hooks/, ''), async (c) => {
    const body = await c.req.text();
    const answer = await receiveAdyenTransferWebhook(c.var.deps, body, c.req.header(ADYEN_TRANSFER_SIGNATURE_HEADER));
    if (!answer) return c.notFound();
    return c.json(answer);
  });
  return app;
}
