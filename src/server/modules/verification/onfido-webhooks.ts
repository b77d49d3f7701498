import type { AppDeps } from '../../http/app-env.ts';
import { signedWebhookBody } from '../../http/validate.ts';
import { OnfidoWebhookEvent, onfidoSignatureHolds } from '../../providers/onfido/onfido-webhook.ts';
import { onfidoOf } from '../../providers/provider-settings.ts';
import { collectDecisions } from './document-decisions.ts';
import { collectScreening } from './pending-screenings.ts';

/**
 * Onfido's signed webhook (`POST /api/hooks/identity/onfido`). A bad or
 * missing `X-SHA2-Signature` is refused before the body is read, and
 * changes nothing. A `check.completed` of a check we created marks it
 * complete and collects its verdict from the API (the body is only a
 * nudge): a screening ends the automatic checks, a document check decides
 * its submission, each moving the verification as SPEC §4 says. An event
 * is acted on, then recorded: one seen before is skipped, and one acted on
 * twice (a crash between the two) changes nothing twice, because a decision
 * and a screening are each taken once. Undefined when Onfido is not used.
 */
export async function receiveOnfidoWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: boolean } | undefined> {
  const settings = onfidoOf(deps.config.providers);
  if (!settings) return undefined;
  const {
    action,
    resource_type: resourceType,
    object,
  } = signedWebhookBody(
    onfidoSignatureHolds(settings.webhookTokens, rawBody, signature),
    rawBody,
    OnfidoWebhookEvent,
  ).payload;
  const eventKey = `${action}:${object.id}:${object.completed_at_iso8601 ?? ''}`;
  const seen = await deps.db
    .selectFrom('onfido_webhook_events')
    .select('event_key')
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  if (seen) return { received: true };
  if (resourceType === 'check' && action === 'check.completed') await checkCompleted(deps, object.id);
  await deps.db
    .insertInto('onfido_webhook_events')
    .values({ event_key: eventKey, action, object_id: object.id, received_at: deps.clock.now() })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .execute();
  return { received: true };
}

async function checkCompleted(deps: AppDeps, checkId: string): Promise<void> {
  const known = await deps.db
    .selectFrom('onfido_checks')
    .innerJoin('customers', 'customers.kyc_user_reference', 'onfido_checks.customer_reference')
    .select(['onfido_checks.purpose', 'customers.id as customerId'])
    .where('onfido_checks.check_id', '=', checkId)
    .executeTakeFirst();
  if (!known) {
    deps.logger.warn({ checkId }, 'Onfido webhook for a check we do not know');
    return;
  }
  await deps.db
    .updateTable('onfido_checks')
    .set({ completed_at: deps.clock.now() })
    .where('check_id', '=', checkId)
    .where('completed_at', 'is', null)
    .execute();
  if (known.purpose === 'watchlist') await collectScreening(deps, known.customerId);
  else await collectDecisions(deps, known.customerId);
}
