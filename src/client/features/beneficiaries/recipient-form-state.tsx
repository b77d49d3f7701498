import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Loaded } from '../../lib/api/use-endpoint.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';

/**
 * A recipient form while its corridor's schema loads: the loading line, the
 * failure with a retry, or the form itself once the schema is there.
 */
export function RecipientFormState<T>({
  schema,
  children,
}: {
  schema: Loaded<T> & { reload: () => void };
  children: (loaded: T) => ReactNode;
}) {
  if (schema.status === 'failed') {
    return (
      <LoadFailed onRetry={schema.reload}>
        <Trans>We could not load the recipient form.</Trans>
      </LoadFailed>
    );
  }
  if (schema.status === 'loading') return <RecipientFormLoading />;
  return children(schema.data);
}

/** Where a recipient form is about to be: while its schema, or its own code (loaded when first shown), loads. */
export function RecipientFormLoading() {
  return (
    <LoaderOverlay type="text">
      <Trans>Loading the recipient form…</Trans>
    </LoaderOverlay>
  );
}
