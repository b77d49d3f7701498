import { CardToken, CardTokenRequest } from './card-gateway.ts';
import { type Infer, omit } from './structs.ts';

/**
 * The card payout gateway's tokenization call for a recipient's card: the
 * browser sends the card straight to the gateway, never to our API, and hands
 * our API only the token. A card that receives money needs no security code;
 * `name` is the recipient's as the customer gave it, and the card's bank
 * answers with the name it holds.
 */
export const PayoutCardTokenRequest = omit(CardTokenRequest, ['cvc']);
export type PayoutCardTokenRequest = Infer<typeof PayoutCardTokenRequest>;

/** 201 `data`: a single-use token that lives for 15 minutes, and what the card's bank says of the card. */
export const PayoutCardToken = CardToken;
export type PayoutCardToken = Infer<typeof PayoutCardToken>;
