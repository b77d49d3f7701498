import { Trans } from '@lingui/react/macro';
import { Link, Navigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useAnswer } from '../../lib/api/use-endpoint.ts';
import { loadUserDataAnswer, USER_DATA_KEY } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';

/** /successfully-verified: the customer is verified and can send money; anyone not yet verified is sent to the wait. */
export function VerifiedScreen() {
  const store = useStore();
  const data = useAnswer(() => loadUserDataAnswer(store), USER_DATA_KEY);
  if (data.status === 'loading')
    return (
      <LoaderOverlay type="text">
        <Trans>Loading where your verification stands…</Trans>
      </LoaderOverlay>
    );
  if (data.status === 'failed')
    return (
      <LoadFailed onRetry={data.reload}>
        <Trans>We couldn't load where your verification stands.</Trans>
      </LoadFailed>
    );
  if (data.data.user.verification.status !== 'Pass') return <Navigate to="/verifying-in-progress" replace />;
  return (
    <>
      <h1>
        <Trans>You are verified</Trans>
      </h1>
      <p role="status">
        <Trans>Your identity has been confirmed. You can now send money up to your yearly limit.</Trans>
      </p>
      <Link to="/send-money/quote" className={buttonClass('primary')}>
        <Trans>Send money</Trans>
      </Link>
    </>
  );
}
