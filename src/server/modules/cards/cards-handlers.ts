import { cardsApi } from '../../../domain/contract/cards.ts';
import { area } from '../../http/mount-endpoints.ts';
import { checkCardEnrollment } from './card-enrollment.ts';

/** The card checks of SPEC §7 /remit/card/ that span transfers and top-ups (saving cards is the wallets area's). */
export const cardsArea = area(cardsApi, {
  checkCardEnrollment: ({ deps, session, body }) => checkCardEnrollment(deps, session, body.payment_id),
});
