import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { oauthApi } from '../../../domain/contract/oauth.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { landingPath } from '../../lib/session/guards.ts';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import styles from './auth-form.module.css';
import { forgetPendingBankId, type PendingBankId, pendingBankId } from './bank-id-pending.ts';
import { type LeaveFor, leaveApp } from './leave-app.ts';
import { startSession } from './start-session.ts';

/** Where a customer goes to try another way: back to the start of what they were doing. */
function OtherWays({ purpose }: { purpose: PendingBankId['purpose'] | null }) {
  if (purpose === 'migrate') {
    return (
      <p>
        <Link to="/home">
          <Trans>Back to your account</Trans>
        </Link>
      </p>
    );
  }
  return (
    <p>
      {purpose === 'registration' ? (
        <Link to="/registration">
          <Trans>Register another way</Trans>
        </Link>
      ) : (
        <Link to="/sign-in">
          <Trans>Sign in another way</Trans>
        </Link>
      )}
    </p>
  );
}

/**
 * /nets-success: the provider identified the customer. The API collects
 * the answer from the provider and signs them in; a new customer goes on
 * to their first onboarding step, a returning one home.
 */
export function BankIdSuccessScreen() {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const [pending] = useState(pendingBankId);
  const [problem, setProblem] = useState<Text | null>(
    pending ? null : msg`There is no bank-ID identification to finish here. Start again.`,
  );
  const asked = useRef(false);

  useEffect(() => {
    if (!pending || asked.current) return;
    asked.current = true;
    void (async () => {
      try {
        const signedIn = await call(oauthApi.checkBankId, {
          baseUrl: pending.oauthUrl,
          registrationToken: pending.token,
        });
        forgetPendingBankId();
        startSession(store, signedIn, pending.middlewareUrl);
        await navigate({ to: landingPath(signedIn.user.redirect_to_full), replace: true });
      } catch (error) {
        if (error instanceof ApiFailure && error.type === 'DisabledCustomer') {
          forgetPendingBankId();
          return void navigate({ to: '/account-blocked', replace: true });
        }
        if (error instanceof ApiFailure && error.status < 500) {
          forgetPendingBankId();
          return setProblem(textFor(error.message));
        }
        reportUnexpected(error, setProblem);
      }
    })();
  }, [pending, store, navigate]);

  if (problem) {
    return (
      <>
        <ScreenIntro heading={msg`Bank ID not confirmed`} description={msg`We could not sign you in with bank ID.`} />
        <InlineMessage tone="error">
          <p>{showText(i18n, problem)}</p>
        </InlineMessage>
        <OtherWays purpose={pending?.purpose ?? null} />
      </>
    );
  }
  return (
    <ScreenIntro
      heading={msg`Bank ID confirmed`}
      description={msg`Your identity has been confirmed. We are taking you to the next step.`}
    />
  );
}

/**
 * /nets-fail: the identification was cancelled on the provider's page, or
 * the bank refused it. The customer may try again (a new order for the same
 * identification) or choose another way.
 */
export function BankIdFailureScreen({
  reason,
  leaveFor = leaveApp,
}: {
  reason: string | undefined;
  leaveFor?: LeaveFor;
}) {
  const { i18n } = useLingui();
  const [pending] = useState(pendingBankId);
  const [problem, setProblem] = useState<Text | null>(null);
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    if (!pending) return;
    setProblem(null);
    setRetrying(true);
    try {
      const again = await call(oauthApi.restartBankId, {
        baseUrl: pending.oauthUrl,
        registrationToken: pending.token,
      });
      leaveFor(again.redirect_url);
    } catch (error) {
      setRetrying(false);
      if (error instanceof ApiFailure && error.status < 500) {
        forgetPendingBankId();
        return setProblem(textFor(error.message));
      }
      reportUnexpected(error, setProblem);
    }
  };

  return (
    <>
      <ScreenIntro
        heading={msg`Bank ID not confirmed`}
        description={
          reason === 'cancelled'
            ? msg`You cancelled the identification with bank ID.`
            : msg`We could not confirm your identity with bank ID. Try again or choose another way to continue.`
        }
      />
      {problem ? (
        <InlineMessage tone="error">
          <p>{showText(i18n, problem)}</p>
        </InlineMessage>
      ) : null}
      <div className={styles.actions}>
        {pending && !problem ? (
          <button
            type="button"
            className={`${buttonClass('primary')} ${styles.submit}`}
            disabled={retrying}
            onClick={() => void retry()}
          >
            {retrying ? <Trans>Opening bank ID…</Trans> : <Trans>Try bank ID again</Trans>}
          </button>
        ) : null}
      </div>
      <OtherWays purpose={pending?.purpose ?? null} />
    </>
  );
}
