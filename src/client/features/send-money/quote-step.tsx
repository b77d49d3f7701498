import { Trans } from '@lingui/react/macro';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { isOffline } from '../../lib/api/use-endpoint.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { OfflineNothingYet, OfflineNotice } from '../../ui/offline-notice.tsx';
import { QuoteForm } from './quote-form.tsx';
import { useSendMoneyDraft } from './send-money-draft.ts';
import { useFxRates } from './use-fx-rates.ts';
import { VerificationAhead } from './verification-ahead.tsx';

/**
 * Step 1, Amount: the destinations the customer's country sends to, then the
 * quote form. Offline, the last-known rates show with their age (a quote
 * itself needs the network).
 */
export function QuoteStep() {
  const draft = useSendMoneyDraft();
  const rates = useFxRates();

  return (
    <>
      <h1>
        <Trans>How much to send</Trans>
      </h1>
      {rates.status === 'ready' && rates.offline ? <OfflineNotice asOf={rates.asOf} /> : null}
      <VerificationAhead />
      {rates.status === 'failed' && isOffline(rates.error) ? (
        <OfflineNothingYet />
      ) : rates.status === 'failed' ? (
        <LoadFailed onRetry={rates.reload}>
          {rates.error instanceof ApiFailure && rates.error.type === 'RatesUnavailable' ? (
            <Trans>Our rates are being updated. Try again in a few minutes.</Trans>
          ) : (
            <Trans>We could not load today's rates.</Trans>
          )}
        </LoadFailed>
      ) : rates.status === 'loading' || !draft ? (
        <LoaderOverlay type="text">
          <Trans>Loading today's rates…</Trans>
        </LoaderOverlay>
      ) : rates.data.length === 0 ? (
        <p>
          <Trans>Sending money from your country is not available yet.</Trans>
        </p>
      ) : (
        <QuoteForm options={rates.data} draft={draft} />
      )}
    </>
  );
}
