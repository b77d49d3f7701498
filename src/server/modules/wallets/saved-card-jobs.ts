import type { Transaction } from 'kysely';
import { assert, object, string } from 'superstruct';
import type { Database } from '../../db/schema.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { OutboxHandler } from '../../jobs/outbox-worker.ts';

/** `card.forget`: the gateway forgets a deleted saved card's token. */
export const CARD_FORGET = 'card.forget';

/** Have the gateway forget a saved card's token: in the transaction that deletes the card. */
export function enqueueCardForget(trx: Transaction<Database>, deps: AppDeps, gatewayToken: string): Promise<string> {
  return enqueue(trx, { topic: CARD_FORGET, payload: { gateway_token: gatewayToken } }, deps.clock);
}

const ForgetPayload = object({ gateway_token: string() });

/** The gateway forgets a deleted card's token (harmless to repeat). */
export const forgetCard: OutboxHandler = async (payload, { deps }) => {
  assert(payload, ForgetPayload);
  await deps.providers.cardGateway.forgetCard(payload.gateway_token);
};
