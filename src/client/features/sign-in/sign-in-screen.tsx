import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import type { ContactMethod } from '../../lib/forms/contact-field.tsx';
import styles from '../../ui/auth-form.module.css';
import { buttonClass } from '../../ui/button.ts';
import { InlineMessage } from '../../ui/inline-message.tsx';
import { LoaderOverlay } from '../../ui/loader-overlay.tsx';
import { ScreenIntro } from '../../ui/screen-intro.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { passwordResetNoticeAtom } from './recovery-atoms.ts';
import { SignInForm } from './sign-in-form.tsx';
import { SignedOutModal } from './signed-out-modal.tsx';

/**
 * /sign-in (SPEC §2): the notice of a session that ended on its own, the
 * e-mail sign-in, and "other options", which reveal sign-in by phone, by
 * bank ID (Sweden, Norway) or back by e-mail, and the way to register.
 * The bank-ID sign-in is the bank-id feature's, given by the route (`bankIdSignIn`, shown when chosen).
 */
export function SignInScreen({ redirect, bankIdSignIn }: { redirect: string | undefined; bankIdSignIn: ReactNode }) {
  const optionsId = useId();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [method, setMethod] = useState<ContactMethod | 'bank-id'>('email');
  const [passwordReset, setPasswordReset] = useAtom(passwordResetNoticeAtom);
  // the notice is said once: leaving sign-in forgets it
  useEffect(() => () => setPasswordReset(false), [setPasswordReset]);

  return (
    <>
      <SignedOutModal />
      {passwordReset ? (
        <InlineMessage tone="news">
          <p>
            <Trans>Your password was changed and every device was signed out. Sign in with your new password.</Trans>
          </p>
        </InlineMessage>
      ) : null}
      <ScreenIntro
        heading={msg`Sign in`}
        description={
          method === 'email'
            ? msg`Sign in with your e-mail and password to send money and follow your transfers.`
            : method === 'phone'
              ? msg`Sign in with your mobile number and password to send money and follow your transfers.`
              : msg`Sign in with the bank ID of your country to send money and follow your transfers.`
        }
      />
      {method === 'bank-id' ? (
        <Suspense
          fallback={
            <LoaderOverlay type="default">
              <Trans>Loading…</Trans>
            </LoaderOverlay>
          }
        >
          {bankIdSignIn}
        </Suspense>
      ) : (
        <SignInForm key={method} redirect={redirect} method={method} />
      )}
      <PasskeySignIn redirect={redirect} />
      <div className={styles.after}>
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-expanded={optionsOpen}
          aria-controls={optionsId}
          onClick={() => setOptionsOpen((open) => !open)}
        >
          <Trans>Other options</Trans>
        </button>
        <div id={optionsId} className={styles.options} hidden={!optionsOpen}>
          {(['email', 'phone', 'bank-id'] as const)
            .filter((other) => other !== method)
            .map((other) => (
              <p key={other}>
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => {
                    setMethod(other);
                    setOptionsOpen(false);
                  }}
                >
                  {other === 'email' ? (
                    <Trans>Sign in with your e-mail address</Trans>
                  ) : other === 'phone' ? (
                    <Trans>Sign in with your mobile number</Trans>
                  ) : (
                    <Trans>Sign in with bank ID</Trans>
                  )}
                </button>
              </p>
            ))}
          <p>
            <Link to="/sign-in-country" search={redirect === undefined ? {} : { redirect }}>
              <Trans>Choose your country of residence</Trans>
            </Link>
          </p>
          <p>
            <Trans>New to Sarraf?</Trans>{' '}
            <Link to="/country-of-residence">
              <Trans>Create an account</Trans>
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
