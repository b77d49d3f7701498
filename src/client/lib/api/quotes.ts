import { Quote, type SaveQuoteRequest } from '../../../domain/contract/quotes.ts';
import { api } from './client.ts';

/** POST /remit/remittance/save-quote: price a transfer and hold its rate until the quote expires. */
export function saveQuote(request: SaveQuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return api('/remit/remittance/save-quote', Quote, { method: 'POST', body: request, signal });
}
