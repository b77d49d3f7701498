import { Trans } from '@lingui/react/macro';
import { useStore } from 'jotai';
import { fetchFxRates } from '../../lib/api/rates.ts';
import { useResource } from '../../lib/use-resource.ts';
import { LoadFailed, Loading } from '../../ui/load-state.tsx';
import { loadUserData, userAtom } from '../session/user-data.ts';
import { QuoteForm } from './quote-form.tsx';
import { useSendMoneyDraft } from './send-money-draft.ts';

/** Step 1, Amount: the destinations the customer's country sends to, then the quote form. */
export function QuoteStep() {
  const draft = useSendMoneyDraft();
  const store = useStore();
  const rates = useResource(async (signal) => {
    const user = store.get(userAtom) ?? (await loadUserData(store)).user;
    return fetchFxRates(user.country, signal);
  }, 'fx-rates');

  return (
    <>
      <h1>
        <Trans>How much to send</Trans>
      </h1>
      {rates.status === 'failed' ? (
        <LoadFailed onRetry={rates.reload}>
          <Trans>We could not load today's rates.</Trans>
        </LoadFailed>
      ) : rates.status === 'loading' || !draft ? (
        <Loading>
          <Trans>Loading today's rates…</Trans>
        </Loading>
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
