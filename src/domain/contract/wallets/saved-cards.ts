import { CARD_BRANDS } from '../../payments.ts';
import { endpoint } from '../endpoint.ts';
import { GatewayToken, SavedCardId } from '../saved-card-id.ts';
import { array, boolean, enums, type Infer, integer, object, string } from '../structs.ts';

/** The cards a customer keeps for later payments (top-ups and transfers). */

/** POST /remit/card/add body: the gateway's single-use token of a card the customer agreed to save. */
export const AddCardRequest = object({ single_use_token: GatewayToken('single_use_token') });

/** POST /remit/card/delete body. */
export const DeleteCardRequest = object({ card_id: SavedCardId('card_id') });

/** A card kept for later payments (SPEC §3): what the gateway shows of it, never its number. */
export const SavedCard = object({
  card_id: string(),
  brand: enums(CARD_BRANDS),
  last4: string(),
  exp_month: integer(),
  exp_year: integer(),
  /** MM/YY */
  expire: string(),
  /** computed from month and year when answered */
  is_expired: boolean(),
});
export type SavedCard = Infer<typeof SavedCard>;

/** Saved cards. */
export const savedCardCalls = {
  addCard: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/add',
    auth: 'session',
    body: AddCardRequest,
    response: SavedCard,
    status: 201,
  }),
  listCards: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/list',
    auth: 'session',
    /** newest first */
    response: array(SavedCard),
    // a read SPEC names as a POST: the wallets screen's saved cards offline
    offline: 'last-known',
  }),
  deleteCard: endpoint({
    method: 'POST',
    base: 'main',
    path: '/remit/card/delete',
    auth: 'session',
    body: DeleteCardRequest,
    response: null,
    status: 204,
  }),
} as const;
