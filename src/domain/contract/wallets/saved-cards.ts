import { CARD_BRANDS } from '../../payments.ts';
import { AdyenCardFields } from '../card-gateway.ts';
import { endpoint } from '../endpoint.ts';
import { GatewayToken, SavedCardId } from '../saved-card-id.ts';
import { array, boolean, enums, type Infer, integer, object, optional, refine, string } from '../structs.ts';

/** The cards a customer keeps for later payments (top-ups and transfers). */

/**
 * POST /remit/card/add body: the card the customer agreed to save, as the
 * gateway's single-use token or (Adyen) its card component's encrypted fields.
 */
export type AddCardRequest = Infer<typeof AddCardRequest>;
export const AddCardRequest = refine(
  object({ single_use_token: optional(GatewayToken('single_use_token')), card_fields: optional(AdyenCardFields) }),
  'card',
  (value) =>
    (value.single_use_token === undefined) !== (value.card_fields === undefined) || {
      path: ['single_use_token'],
      message: 'Give either single_use_token or card_fields',
    },
  { oneOf: [{ required: ['single_use_token'] }, { required: ['card_fields'] }] },
);

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
