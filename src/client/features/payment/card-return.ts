/** The route the card's bank returns the customer to after 3-D Secure (SPEC §2 callbacks). */
export const CARD_RETURN_ROUTE = '/checkout-card-enrollment/$status';
