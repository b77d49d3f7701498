import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useStore } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type BankIdIdentity, oauthApi } from '../../../domain/contract/oauth.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { dateFormat } from '../../lib/date-format.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { landingPath } from '../../lib/session/guards.ts';
import { startSession } from '../../lib/session/start-session.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { Figure, Figures } from '../../ui/summary-box.tsx';
import { forgetPendingBankId, type PendingBankId, pendingBankId } from './bank-id-pending.ts';
import { type LeaveFor, leaveApp } from './leave-app.ts';

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
 * /nets-success: the provider identified the customer. A registration first
 * shows who the bank identified (`bankid/ekyc`: the account is made with
 * these names and date of birth) and makes the account when the customer
 * confirms; a sign-in goes straight on. The API collects the answer from the
 * provider and signs them in; a new customer goes on to their first
 * onboarding step, a returning one home.
 */
export function BankIdSuccessScreen() {
  const { i18n } = useLingui();
  const store = useStore();
  const navigate = useNavigate();
  const [pending] = useState(pendingBankId);
  const [problem, setProblem] = useState<Text | null>(
    pending ? null : msg`There is no bank-ID identification to finish here. Start again.`,
  );
  const [identity, setIdentity] = useState<BankIdIdentity | null>(null);
  const [finishing, setFinishing] = useState(false);
  const asked = useRef(false);

  const refused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiFailure && error.type === 'DisabledCustomer') {
        forgetPendingBankId();
        return void navigate({ to: '/account-blocked', replace: true });
      }
      if (error instanceof ApiFailure && error.status < 500) {
        forgetPendingBankId();
        return setProblem(textFor(error.message));
      }
      reportUnexpected(error, setProblem);
    },
    [navigate],
  );

  const finish = useCallback(
    async (session: PendingBankId) => {
      setFinishing(true);
      try {
        const signedIn = await call(oauthApi.checkBankId, {
          baseUrl: session.oauthUrl,
          registrationToken: session.token,
        });
        forgetPendingBankId();
        startSession(store, signedIn, session.middlewareUrl);
        await navigate({ to: landingPath(signedIn.user.redirect_to_full), replace: true });
      } catch (error) {
        setFinishing(false);
        refused(error);
      }
    },
    [store, navigate, refused],
  );

  useEffect(() => {
    if (!pending || asked.current) return;
    asked.current = true;
    if (!pending.ekyc) return void finish(pending);
    void call(oauthApi.identifyBankIdPerson, { baseUrl: pending.oauthUrl, registrationToken: pending.token }).then(
      setIdentity,
      refused,
    );
  }, [pending, finish, refused]);

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
  if (identity && pending) {
    return <IdentityConfirmation identity={identity} busy={finishing} onConfirm={() => void finish(pending)} />;
  }
  return (
    <ScreenIntro
      heading={msg`Bank ID confirmed`}
      description={msg`Your identity has been confirmed. We are taking you to the next step.`}
    />
  );
}

/** Who the bank identified, for a new customer to confirm before the account is made with these details. */
function IdentityConfirmation({
  identity,
  busy,
  onConfirm,
}: {
  identity: BankIdIdentity;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { i18n } = useLingui();
  const name = `${identity.given_name} ${identity.surname}`;
  const born = identity.date_of_birth
    ? dateFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${identity.date_of_birth}T00:00:00Z`),
      )
    : null;
  return (
    <>
      <ScreenIntro
        heading={msg`Is this you?`}
        description={msg`Your bank identified you as below. We make your account with these details, so you do not type them again.`}
      />
      <Figures>
        <Figure label={<Trans>Name</Trans>}>{name}</Figure>
        {born ? <Figure label={<Trans>Date of birth</Trans>}>{born}</Figure> : null}
        <Figure label={<Trans>Personal identity number</Trans>}>{identity.personal_number}</Figure>
      </Figures>
      <button type="button" className={buttonClass('primary')} disabled={busy} onClick={onConfirm}>
        {busy ? <Trans>Creating your account…</Trans> : <Trans>Yes, create my account</Trans>}
      </button>
      <p>
        <Link to="/registration">
          <Trans>This is not me</Trans>
        </Link>
      </p>
    </>
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
