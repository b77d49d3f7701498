import { cardsApi } from '../../../domain/contract/cards.ts';
import { area } from '../../http/mount-endpoints.ts';
import { checkProviderPayment } from './card-enrollment.ts';

/**
 * The pay-in checks of SPEC §7 that span transfers and top-ups: the card
 * check's (/remit/card/) and the bank link's (/remit/remitter/trustly-lookup);
 * saving cards is the wallets area's.
 */
export const cardsArea = area(cardsApi, {
  checkCardEnrollment: ({ deps, session, body }) => checkProviderPayment(deps, session, 'card', body.payment_id),
  trustlyLookup: ({ deps, session, body }) => checkProviderPayment(deps, session, 'bank_link', body.payment_id),
});
