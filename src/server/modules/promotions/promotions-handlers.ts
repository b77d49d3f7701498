import { promotionsApi } from '../../../domain/contract/promotions.ts';
import { area } from '../../http/mount-endpoints.ts';
import { listPromotions } from './promo-service.ts';

/** Promotions (SPEC §7 promotions): the customer's promo codes. */
export const promotionsArea = area(promotionsApi, {
  listPromotions: ({ deps, session, query }) => listPromotions(deps, session, query),
});
