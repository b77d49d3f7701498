import type { AdyenCardFields } from '../../domain/contract/card-gateway.ts';
import { ACCEPTED_CARD_BRANDS, CARD_NOT_IN_SENDER_NAME } from '../../domain/payments.ts';
import { isCardInName } from '../../domain/payout-cards.ts';
import type { Db } from '../db/connection.ts';
import type { SavedCardRow } from '../db/tables/wallets.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppDeps } from '../http/app-env.ts';
import { type CardDetails, newCardToken } from '../providers/card-gateway/card-gateway.ts';
import type { NewPayin } from './payin-records.ts';

/** The customer's saved card, or 404 on `field`, the field that named it. */
async function ownSavedCard(db: Db, customerId: string, cardId: string, field: string): Promise<SavedCardRow> {
  const row = await db
    .selectFrom('saved_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new ApiError('NotFound', 'Card not found', field);
  return row;
}

/** A card pay-in's request: a new card's single-use token or one of the customer's saved cards. */
export interface CardChoice {
  card_token?: string | undefined;
  card_fields?: AdyenCardFields | undefined;
  saved_card_id?: string | undefined;
}

/** How a card pay-in starts, and the card as the gateway describes it (undefined for a token it does not know). */
export interface CardPayin {
  values: Pick<NewPayin, 'card_token' | 'status' | 'code' | 'card_brand' | 'card_last4'>;
  card: CardDetails | undefined;
}

/** The name the customer registered: first and last (empty until they give it). */
function senderName(db: Db, customerId: string) {
  return db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', customerId).executeTakeFirst();
}

/**
 * SPEC §5: the card must be in the sender's name. The name its bank holds is
 * compared with the name the customer registered (first and last name, case,
 * accents and punctuation aside); a customer who has given no name yet has
 * nothing to compare with. 400 InvalidInformation on the field that named the card.
 */
function assertCardInSenderName(
  sender: Awaited<ReturnType<typeof senderName>>,
  holderName: string,
  field: string,
): void {
  if (!sender?.first_name || !sender.last_name) return;
  const name = { first_name: sender.first_name, middle_name: null, last_name: sender.last_name };
  if (!isCardInName(holderName, name)) throw new ApiError('InvalidInformation', CARD_NOT_IN_SENDER_NAME, field);
}

/**
 * The card a pay-in is made with: a saved card's reusable token or the new
 * card's. A card we do not accept is recorded already declined, and never
 * reaches the gateway; a card in another name than the sender's is refused (400).
 */
export async function cardPayin(deps: AppDeps, customerId: string, choice: CardChoice): Promise<CardPayin> {
  const field = choice.saved_card_id ? 'saved_card_id' : 'card_token';
  const cardToken = choice.saved_card_id
    ? (await ownSavedCard(deps.db, customerId, choice.saved_card_id, 'saved_card_id')).gateway_token
    : newCardToken(deps.providers.cardGateway, { token: choice.card_token, fields: choice.card_fields }, 'card_token');
  if (cardToken === undefined) throw new Error('the contract lets no card pay-in through without a card');
  // the gateway's answer and the sender's name are read together: each is a round trip, and neither needs the other
  const [described, sender] = await Promise.all([
    deps.providers.cardGateway.describeToken(cardToken),
    senderName(deps.db, customerId),
  ]);
  const card = described?.card;
  if (described) assertCardInSenderName(sender, described.holderName, field);
  const refused = card && !ACCEPTED_CARD_BRANDS.includes(card.brand) ? card : undefined;
  return {
    card,
    values: {
      card_token: cardToken,
      status: refused ? 'DECLINED' : 'PROCESSING',
      code: refused ? 'we_do_not_accept_this_card_type' : null,
      card_brand: refused?.brand ?? null,
      card_last4: refused?.last4 ?? null,
    },
  };
}
