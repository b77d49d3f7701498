import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { paymentCalls } from '../../../domain/contract/transfers/payment.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay, useHoldReveal } from '../../ui/loader-overlay.tsx';
import { useEndpoint } from '../api/use-endpoint.ts';
import { CardForm, type CardFormProps } from './card-form.tsx';

/** Adyen's card component and Adyen Web with it: loaded only when a pay or top-up step shows it. */
const AdyenCardForm = lazy(() => import('./adyen-card-form.tsx'));

/**
 * The card fields of the pay and top-up steps, as the server's card gateway
 * wants them (the client-side gateway seam): the sandbox's, our own form
 * tokenized at its gateway; Adyen's, its own component, whose fields are
 * Adyen's frames, so the card number never touches our script or our API.
 */
export function CardFields(props: CardFormProps) {
  const gateway = useEndpoint(paymentCalls.getCardGateway, {});
  useHoldReveal(gateway.status === 'loading');
  if (gateway.status === 'loading') {
    return (
      <LoaderOverlay type="default">
        <Trans>Loading the card form…</Trans>
      </LoaderOverlay>
    );
  }
  if (gateway.status === 'failed') {
    return (
      <LoadFailed onRetry={gateway.reload}>
        <Trans>We could not load the card form.</Trans>
      </LoadFailed>
    );
  }
  if (gateway.data.gateway === 'sandbox') return <CardForm {...props} tokensUrl={gateway.data.tokens_url} />;
  const { client_key, environment } = gateway.data;
  return (
    <Suspense
      fallback={
        <LoaderOverlay type="default">
          <Trans>Loading the card form…</Trans>
        </LoaderOverlay>
      }
    >
      <AdyenCardForm {...props} clientKey={client_key} environment={environment} />
    </Suspense>
  );
}
