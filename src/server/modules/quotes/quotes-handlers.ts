import { quotesApi } from '../../../domain/contract/quotes.ts';
import { area } from '../../http/mount-endpoints.ts';
import { getCharges, getQuote, saveQuote } from './quote-service.ts';

/** Quotes (SPEC §7): a priced transfer whose rate holds until it expires. */
export const quotesArea = area(quotesApi, {
  saveQuote: ({ deps, session, body }) => saveQuote(deps, session, body),
  getQuote: ({ deps, session, params }) => getQuote(deps, session.customerId, params.quote_id),
  getCharges: ({ deps, session, body }) => getCharges(deps, session.customerId, body.quote_id),
});
