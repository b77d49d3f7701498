import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSetAtom, useStore } from 'jotai';
import { type FormEvent, useState } from 'react';
import { CODE_LIFETIME_MINUTES } from '../../../domain/contract/one-time-codes.ts';
import { OTP_LENGTH } from '../../../domain/rules.ts';
import { ApiFailure } from '../../lib/api/api-failure.ts';
import { call } from '../../lib/api/client.ts';
import { CODE_FIELDS, checkCode, normaliseCode } from '../../lib/forms/account-form-checks.ts';
import { serverFieldErrors } from '../../lib/forms/field-errors.ts';
import { showText, type Text, textFor } from '../../lib/forms/rule-text.ts';
import { reportUnexpected } from '../../lib/forms/unexpected-failure.ts';
import { useFieldErrors } from '../../lib/forms/use-field-errors.ts';
import { finishRegistration, linkedCodeCall } from '../../lib/oauth/oauth-links.ts';
import { CodeInput } from '../../lib/one-time-code/code-input.tsx';
import { TOO_SOON_TYPES } from '../../lib/one-time-code/code-refusals.ts';
import { ResendCode } from '../../lib/one-time-code/resend-code.tsx';
import { landingPath } from '../../lib/session/guards.ts';
import { startSession } from '../../lib/session/start-session.ts';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { InlineMessage } from '../../ui/inline-message.tsx';
import {
  EMPTY_DRAFT,
  type PendingRegistration,
  pendingRegistrationAtom,
  registrationDraftAtom,
} from './registration-atoms.ts';

/** What the screen says about the registration as a whole, beside the code field. */
type Notice =
  | { kind: 'resent' }
  | { kind: 'resend-too-soon' }
  /** no more codes, or the registration ended: only starting again helps */
  | { kind: 'start-again'; text: Text }
  | { kind: 'account-exists' }
  | { kind: 'failed'; text: Text };

/**
 * The e-mailed or texted code (one field: digits, one-time-code autofill), a resend
 * with its countdown, and the outcomes SPEC §8 names: a wrong or expired code
 * and too many wrong codes on the field, a code asked for too soon or too
 * often as a message. The right code signs the new customer in and opens home.
 */
export function CodeForm({ pending }: { pending: PendingRegistration }) {
  const store = useStore();
  const navigate = useNavigate();
  const form = useFieldErrors(CODE_FIELDS);
  const setPending = useSetAtom(pendingRegistrationAtom);
  const setDraft = useSetAtom(registrationDraftAtom);

  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);

  /** The failures both calls share; false when the caller must handle it. */
  const registrationFailure = (error: unknown): boolean => {
    if (!(error instanceof ApiFailure)) return false;
    switch (error.type) {
      case 'Unauthorized':
        setNotice({ kind: 'start-again', text: msg`Your registration has expired. Start again to get a new code.` });
        return true;
      case 'EmailSendLimit':
      case 'SMSNotSentReset':
        setNotice({ kind: 'start-again', text: msg`No more codes can be sent for this registration. Start again.` });
        return true;
      case 'EmailCheckLimit':
      case 'SMSNotSentCheck':
        setNotice({ kind: 'start-again', text: msg`Too many codes were tried for this registration. Start again.` });
        return true;
      // the limits of the destination and of the caller's address
      case 'EmailSendDDOS':
      case 'EmailDDOS':
      case 'EmailCheckDDOS':
      case 'SendLimit':
      case 'SMSDDOS':
        setNotice({ kind: 'failed', text: textFor(error.message) });
        return true;
      case 'CustomerAlreadyExists':
        setNotice({ kind: 'account-exists' });
        return true;
      default:
        return false;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const found = checkCode(code);
    if (!form.passes(found)) return;
    setSubmitting(true);
    try {
      const check = linkedCodeCall(pending.links, 'check', pending.oauthUrl);
      if (!check) throw new Error('The registration links to no code check');
      const verified = await call(check.entry, {
        href: check.href,
        registrationToken: pending.registrationToken,
        body: { code: normaliseCode(code) },
      });
      const signedIn = await finishRegistration(verified._links, pending.registrationToken, pending.oauthUrl);
      startSession(store, signedIn, pending.middlewareUrl);
      // a new customer's onboarding starts here (SPEC §2): the first step the server names
      await navigate({ to: landingPath(signedIn.user.redirect_to_full), replace: true });
      setPending(null);
      setDraft(EMPTY_DRAFT);
    } catch (error) {
      setSubmitting(false);
      if (registrationFailure(error)) return;
      // CodeMismatch (wrong or expired) and AttemptLimit name the code field.
      const onField = error instanceof ApiFailure ? serverFieldErrors(error, CODE_FIELDS) : null;
      if (!onField) return reportUnexpected(error, (text) => setNotice({ kind: 'failed', text }));
      form.fail(onField);
    }
  };

  /** Going back to change the e-mail or number ends this registration: its code stops working (flush). */
  const endRegistration = () => {
    const flush = linkedCodeCall(pending.links, 'flush', pending.oauthUrl);
    if (flush) {
      // the customer is on their way back either way; a registration not ended now runs out on its own
      void call(flush.entry, { href: flush.href, registrationToken: pending.registrationToken }).catch(() => undefined);
    }
  };

  // the last answer links to a new code only while the registration may still have one
  const reset = linkedCodeCall(pending.links, 'reset', pending.oauthUrl);

  const resend = async () => {
    setNotice(null);
    setResending(true);
    try {
      if (!reset) return;
      const times = await call(reset.entry, { href: reset.href, registrationToken: pending.registrationToken });
      setPending({ ...pending, resendAvailableAt: Date.parse(times.resend_available_at), links: times._links });
      setCode('');
      form.clear();
      setNotice({ kind: 'resent' });
    } catch (error) {
      if (registrationFailure(error)) return;
      if (error instanceof ApiFailure && TOO_SOON_TYPES.includes(error.type))
        return setNotice({ kind: 'resend-too-soon' });
      reportUnexpected(error, (text) => setNotice({ kind: 'failed', text }));
    } finally {
      setResending(false);
    }
  };

  const { destination, method } = pending;
  const ended = notice?.kind === 'start-again' || notice?.kind === 'account-exists';

  return (
    <>
      <h1>{method === 'email' ? <Trans>Verify your e-mail</Trans> : <Trans>Verify your phone</Trans>}</h1>
      <p>
        <Trans>
          We sent a {OTP_LENGTH}-digit code to <strong>{destination}</strong>. It works for {CODE_LIFETIME_MINUTES}{' '}
          minutes.
        </Trans>{' '}
        <Link to="/registration" onClick={endRegistration}>
          {method === 'email' ? <Trans>Change e-mail address</Trans> : <Trans>Change mobile number</Trans>}
        </Link>
      </p>
      <NoticeMessage notice={notice} pending={pending} />
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-busy={submitting}>
        <ErrorSummary {...form.summary} />
        <CodeInput id={form.fieldId('code')} error={form.errorText('code')} value={code} onChange={setCode} />
        <div className={styles.actions}>
          <button type="submit" className={`${buttonClass('primary')} ${styles.submit}`} disabled={submitting || ended}>
            {submitting ? <Trans>Checking…</Trans> : <Trans>Verify</Trans>}
          </button>
        </div>
      </form>
      {ended || !reset ? null : (
        <div className={styles.after}>
          <p className={styles.muted}>
            {method === 'email' ? (
              <Trans>No code? Check your spam folder, or ask for a new one.</Trans>
            ) : (
              <Trans>No text message? Check the number, or ask for a new code.</Trans>
            )}
          </p>
          <ResendCode availableAt={pending.resendAvailableAt} sending={resending} onResend={() => void resend()} />
        </div>
      )}
    </>
  );
}

function NoticeMessage({ notice, pending }: { notice: Notice | null; pending: PendingRegistration }) {
  const destination = pending.destination;
  const { i18n } = useLingui();
  if (!notice) return null;
  switch (notice.kind) {
    case 'resent':
      return (
        <InlineMessage tone="news">
          <p>
            <Trans>We sent a new code to {destination}. The earlier code no longer works.</Trans>
          </p>
        </InlineMessage>
      );
    case 'resend-too-soon':
      return (
        <InlineMessage tone="error">
          <p>
            <Trans>We sent you a code less than a minute ago. Wait a moment, then ask for a new one.</Trans>
          </p>
        </InlineMessage>
      );
    case 'start-again':
      return (
        <InlineMessage tone="error">
          <p>{showText(i18n, notice.text)}</p>
          <p>
            <Link to="/registration">
              <Trans>Start again</Trans>
            </Link>
          </p>
        </InlineMessage>
      );
    case 'account-exists':
      return (
        <InlineMessage tone="error">
          <p>
            {pending.method === 'email' ? (
              <Trans>An account with this e-mail already exists.</Trans>
            ) : (
              <Trans>An account with this mobile number already exists.</Trans>
            )}
          </p>
          <p>
            <Link to="/sign-in">
              <Trans>Sign in instead</Trans>
            </Link>
          </p>
        </InlineMessage>
      );
    case 'failed':
      return (
        <InlineMessage tone="error">
          <p>{showText(i18n, notice.text)}</p>
        </InlineMessage>
      );
  }
}
