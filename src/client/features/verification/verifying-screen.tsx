import { Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useEffect, useRef } from 'react';
import { isVerificationStatus, NEEDS_ID, NEEDS_UPLOAD } from '../../../domain/verification.ts';
import { useAnswer } from '../../lib/api/use-endpoint.ts';
import { loadUserDataAnswer } from '../../lib/session/user-data.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoadFailed } from '../../ui/load-state.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';

const POLL_MS = 5_000;

/**
 * Ask the provider, through our API, for a capture's result: whether it has
 * been received. A failure is not the screen's to show: the status below
 * says where verification stands either way, and the next poll asks again.
 */
async function captureReceived(captureReference: string): Promise<boolean> {
  const [{ call }, { verificationApi }] = await Promise.all([
    import('../../lib/api/client.ts'),
    import('../../../domain/contract/verification.ts'),
  ]);
  return call(verificationApi.verifyCapture, { body: { capture_reference: captureReference } }).then(
    (answer) => answer.capture === 'received',
    () => false,
  );
}

/**
 * /verifying-in-progress: asks for the customer's status every few seconds
 * while a check is under way and says what happens next; once verified it
 * goes on to /successfully-verified, and when a document is needed it says
 * which and links to the profile to upload it. Back from the identity
 * provider's camera page (`captureReference`), it first asks for that
 * capture's result (`/user/ekyc/verify`), so a callback that was lost or is
 * late does not leave the customer waiting.
 */
export function VerifyingScreen({ captureReference }: { captureReference?: string }) {
  const store = useStore();
  const navigate = useNavigate();
  const received = useRef(false);
  const data = useAnswer(
    async () => {
      if (captureReference && !received.current) received.current = await captureReceived(captureReference);
      return loadUserDataAnswer(store);
    },
    `user-data:${captureReference ?? ''}`,
    { refreshMs: (answer) => (answer.user.verification.status === 'Pass' ? undefined : POLL_MS) },
  );
  const status = data.status === 'ready' ? data.data.user.verification.status : null;
  // photos just taken and not yet received by us: waiting, not a document still needed
  const awaitingCapture = captureReference !== undefined && !received.current;
  const needsDocument =
    !awaitingCapture &&
    status !== null &&
    isVerificationStatus(status) &&
    (NEEDS_UPLOAD.has(status) || NEEDS_ID.has(status) || status.startsWith('Failed'));

  useEffect(() => {
    if (status === 'Pass') void navigate({ to: '/successfully-verified', replace: true });
  }, [status, navigate]);

  return (
    <>
      <h1>
        <Trans>We are checking your details</Trans>
      </h1>
      {data.status === 'failed' ? (
        <LoadFailed onRetry={data.reload}>
          <Trans>We couldn't load where your verification stands.</Trans>
        </LoadFailed>
      ) : data.status === 'loading' ? (
        <LoaderOverlay type="text">
          <Trans>Loading where your verification stands…</Trans>
        </LoaderOverlay>
      ) : needsDocument ? (
        <>
          <InlineMessage tone="error">
            <Trans>We need a document from you before we can finish. Your profile says which one and why.</Trans>
          </InlineMessage>
          <Link to="/profile" className={buttonClass('primary')}>
            <Trans>Go to your profile</Trans>
          </Link>
        </>
      ) : (
        <>
          <p role="status">
            <Trans>
              This usually takes a few minutes and can take up to 24 hours. This page updates by itself, and your
              profile shows where it stands.
            </Trans>
          </p>
          <p>
            <Trans>You can close this page: your transfers wait for you, and nothing is lost.</Trans>
          </p>
          <Link to="/home" className={buttonClass('secondary')}>
            <Trans>Back to home</Trans>
          </Link>
        </>
      )}
    </>
  );
}
