import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quote } from '../../../domain/contract/quotes.ts';
import { quotesApi } from '../../../domain/contract/quotes.ts';
import type { FxRateOption } from '../../../domain/contract/rates.ts';
import type { AmountType } from '../../../domain/pricing.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showErrorModal } from '../../lib/error-modal/error-modal-atom.ts';
import { parseAmountEntry } from './amount-entry.ts';
import { amountEntryMessage, refusalMessage } from './amount-messages.ts';
import { corridorRefusal, currencyOf } from './corridor-check.ts';
import { localDeadline } from './quote-countdown.ts';

/** A quote and the moment, on this device's clock, its rate stops holding. */
export interface HeldQuote {
  quote: Quote;
  expiresAt: number;
}

/** What a quote is asked for: the corridor, the side the customer typed on, and what they typed. */
export interface QuoteInput {
  option: FxRateOption;
  side: AmountType;
  text: string;
  /** a promo code to apply, as typed */
  promo?: string | undefined;
}

export type QuoteProblem =
  /** the typed amount is empty, malformed or outside the corridor's limits */
  | { kind: 'amount'; message: string; empty: boolean }
  /** no answer from the server: offer to try again */
  | { kind: 'network' }
  /** the server will not price on rates it does not have fresh (RatesUnavailable): try again in a few minutes */
  | { kind: 'rates' }
  /** the promo code cannot be used: the input, to price again without it */
  | { kind: 'promo'; input: QuoteInput };

/** Wait this long after the last keystroke before asking for a quote. */
export const QUOTE_DEBOUNCE_MS = 400;

/**
 * Quotes for what the customer types: each change is checked at once (format,
 * decimals, the corridor's limits) and, when it passes, priced by save-quote
 * after a short pause; a newer change cancels an older request. `flush()`
 * prices a waiting change now and resolves with the quote for the latest input.
 */
export function useQuoteRequest(
  initial: HeldQuote | undefined,
  onQuoted: (held: HeldQuote, input: QuoteInput) => void,
) {
  const { i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<QuoteProblem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  /** The quote for the latest input: settles once it is priced, or at once when it cannot be. */
  const latest = useRef<Promise<HeldQuote | undefined>>(Promise.resolve(initial));
  /** The change waiting for its pause: run it, or (dropped) settle it without a quote. */
  const waiting = useRef<((dropped?: boolean) => void) | undefined>(undefined);
  const onQuotedRef = useRef(onQuoted);
  onQuotedRef.current = onQuoted;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    // a change replaced before it was priced: whoever waits for it gets no quote
    waiting.current?.(true);
    waiting.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  const price = useCallback(async (input: QuoteInput, wire: string): Promise<HeldQuote | undefined> => {
    const controller = new AbortController();
    inFlight.current = controller;
    setPending(true);
    try {
      const quote = await call(quotesApi.saveQuote, {
        body: {
          source_country_iso2: input.option.source_country_iso2,
          destination_country_iso2: input.option.destination_country_iso2,
          payout_type: input.option.payout_type,
          amount: wire,
          amount_type: input.side,
          ...(input.promo ? { promo_code: input.promo } : {}),
        },
        signal: controller.signal,
      });
      if (controller.signal.aborted) return undefined;
      const held = { quote, expiresAt: localDeadline(quote.timer, Date.now()) };
      setProblem(null);
      onQuotedRef.current(held, input);
      return held;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      if (error instanceof ApiFailure && error.status === 0) setProblem({ kind: 'network' });
      else if (error instanceof ApiFailure && error.type === 'RatesUnavailable') setProblem({ kind: 'rates' });
      else if (error instanceof ApiFailure && error.propertyPath === 'promo_code') {
        setProblem({ kind: 'promo', input });
      } else if (error instanceof ApiFailure && error.propertyPath === 'amount') {
        // AmountOutOfRange (a limit the server's own rate breaks) or a format it refuses: its message, on the field
        setProblem({ kind: 'amount', message: error.message, empty: false });
      } else showErrorModal(error instanceof ApiFailure ? error : null);
      return undefined;
    } finally {
      if (inFlight.current === controller) setPending(false);
    }
  }, []);

  /** Check `input` now and price it after `delayMs` (0: at once). False when it cannot be priced. */
  const request = useCallback(
    (input: QuoteInput, delayMs = QUOTE_DEBOUNCE_MS): boolean => {
      cancel();
      const currency = currencyOf(input.option, input.side);
      const entry = parseAmountEntry(input.text, currency, i18n.locale);
      if (!entry.ok) {
        setProblem({
          kind: 'amount',
          message: amountEntryMessage(i18n, entry, currency),
          empty: entry.problem === 'empty',
        });
        setPending(false);
        latest.current = Promise.resolve(undefined);
        return false;
      }
      const refusal = corridorRefusal(input.option, entry.minor, input.side);
      if (refusal) {
        setProblem({ kind: 'amount', message: refusalMessage(i18n, refusal), empty: false });
        setPending(false);
        latest.current = Promise.resolve(undefined);
        return false;
      }
      setProblem(null);
      setPending(true);
      latest.current = new Promise((resolve) => {
        const run = (dropped = false) => {
          waiting.current = undefined;
          resolve(dropped ? undefined : price(input, entry.wire));
        };
        waiting.current = run;
        timer.current = setTimeout(run, delayMs);
      });
      return true;
    },
    [cancel, i18n, price],
  );

  /** Price a change still waiting for its pause now; the quote for the latest input, if it could be priced. */
  const flush = useCallback((): Promise<HeldQuote | undefined> => {
    const run = waiting.current;
    if (run) {
      clearTimeout(timer.current);
      run();
    }
    return latest.current;
  }, []);

  const reset = useCallback(() => {
    cancel();
    setPending(false);
    setProblem(null);
    latest.current = Promise.resolve(undefined);
  }, [cancel]);

  return { request, flush, reset, pending, problem };
}
